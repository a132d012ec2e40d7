/**
 * The mail queue: a mail whose sending failed, retried until SES takes it, and the bounces and
 * complaints SES reports through the configuration set (EventBridge puts those on the same queue),
 * consumed by the mail worker (functions/workers/mail-worker.ts, core/mail/mail-queue.ts).
 * Optional: without it a failed send fails its caller.
 */
import type { MailQueueMessage } from '../core/mail/mail-queue';
import { defineQueue } from './queue-definition';

export type { MailQueueMessage };

export const mailRetries = defineQueue<MailQueueMessage>({
  urlVariable: 'MAIL_QUEUE_URL',
  maxReceiveCount: 5,
  deadLetterLog: 'mail message dead-lettered',
});
