/**
 * The mail worker Lambda, on one mail queue (functions/queues/mail.ts) that carries both the sends
 * that failed (retried here until SES takes them; after the queue's maxReceiveCount receives the
 * redrive policy moves them to the mail dead-letter queue) and the bounces and complaints SES publishes through the configuration
 * set to EventBridge (recorded on the suppression list). One queue keeps the worker to one event
 * source, so the queue workers together stay within a new account's Lambda concurrency.
 * A record that throws is reported as a batch item failure, so only it returns to the queue.
 *
 * Locally both arrive on one in-process queue in the server process (bin/local-queue-consumers.ts).
 */
import { sqsBatchHandler } from '../platform/sqs-batch';
import { mailQueueWorker } from '../wiring/mail';

export const handler = sqsBatchHandler((record) => mailQueueWorker.handle(record.body), {
  failureMessage: 'mail queue message failed',
});
