/**
 * Mail (adapters/mailer.ts: SES through the configuration set, suppressed addresses skipped, failed
 * sends queued): the mail queue's worker (core/mail/mail-queue.ts), run by the mail worker Lambda
 * and locally by the local server (bin/local-queue-consumers.ts), and the admin's suppression list.
 */
import { dynamoSuppressionStore } from '../adapters/dynamodb/suppression-repo';
import { deliverMail, withoutSuppressed } from '../adapters/mailer';
import { createMailQueueWorker } from '../core/mail/mail-queue';
import { createSuppressionList } from '../core/mail/suppression';
import { logger } from '../http/logger';
import { lazyService } from './lazy';

export { mailQueue } from '../adapters/mailer';

export const mailQueueWorker = lazyService(() =>
  createMailQueueWorker({ deliver: deliverMail, withoutSuppressed, suppressions: dynamoSuppressionStore, log: logger }),
);

/** The addresses no longer mailed (bounced or complained), as the admin sees and lifts them. */
export const suppressionList = lazyService(() => createSuppressionList(dynamoSuppressionStore, logger));
