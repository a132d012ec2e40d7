/**
 * The mail worker Lambda, on one mail queue that carries both the sends that failed (retried here
 * until SES takes them; after MAIL_MAX_RECEIVE_COUNT receives the redrive policy moves them to the
 * mail dead-letter queue) and the bounces and complaints SES publishes through the configuration
 * set to EventBridge (recorded on the suppression list). One queue keeps the worker to one event
 * source, so the queue workers together stay within a new account's Lambda concurrency.
 * A record that throws is reported as a batch item failure, so only it returns to the queue.
 *
 * Locally both arrive on one in-process queue in the server process (functions/adapters/mailer.ts).
 */
import { handleMailQueueMessage } from '../adapters/mailer';
import { sqsBatchHandler } from '../platform/sqs-batch';

export const handler = sqsBatchHandler((record) => handleMailQueueMessage(record.body), {
  failureMessage: 'mail queue message failed',
});
