/**
 * Mail (adapters/mailer.ts: SES through the configuration set, suppressed addresses skipped, failed
 * sends queued): the mail queue's worker (core/mail/mail-queue.ts), run by the mail worker Lambda
 * and locally by the local server (bin/local-queue-consumers.ts). The admin's suppression list is
 * wiring/mail-suppressions.ts (the worker carries no request schemas).
 */
import { dynamoSuppressionStore } from '../adapters/dynamodb/suppression-repo';
import { deliverMail, withoutSuppressed } from '../adapters/mailer';
import { createMailQueueWorker } from '../core/mail/mail-queue';
import { logger } from '../http/logger';
import { lazyService } from './lazy';

export { mailQueue } from '../adapters/mailer';

export const mailQueueWorker = /* @__PURE__ */ lazyService(() =>
  createMailQueueWorker({ deliver: deliverMail, withoutSuppressed, suppressions: dynamoSuppressionStore, log: logger }),
);
