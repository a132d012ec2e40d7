/**
 * The mail queue's worker (functions/queues/mail.ts): a mail whose sending failed is sent again,
 * skipping recipients suppressed since (it throws while SES still refuses, so the queue retries it,
 * then dead-letters it); an SES bounce or complaint event is recorded on the suppression list.
 */
import type { Log, OutgoingMail } from '../users/ports';
import { recordMailEvent, type SesMailEvent, type SuppressionStore } from './suppression';

/** A message of the mail queue. */
export type MailQueueMessage =
  | { kind: 'mail'; mail: OutgoingMail }
  /** An EventBridge event of SES (a bounce or a complaint) through the configuration set. */
  | { source: 'aws.ses'; 'detail-type'?: string; detail: SesMailEvent };

export interface MailQueueWorkerDeps {
  /** One send; throws when it fails. */
  deliver(mail: OutgoingMail): Promise<void>;
  /** The mail without its suppressed recipients; null when none is left. */
  withoutSuppressed(mail: OutgoingMail): Promise<OutgoingMail | null>;
  suppressions: Pick<SuppressionStore, 'suppress'>;
  log: Log;
}

export function createMailQueueWorker(deps: MailQueueWorkerDeps) {
  return {
    async handle(body: string): Promise<void> {
      const message = JSON.parse(body) as {
        kind?: string;
        mail?: OutgoingMail;
        source?: string;
        detail?: SesMailEvent;
      };
      if (message.kind === 'mail' && message.mail) {
        const deliverable = await deps.withoutSuppressed(message.mail);
        if (deliverable) await deps.deliver(deliverable);
        return;
      }
      if (message.source === 'aws.ses' && message.detail) {
        await recordMailEvent(message.detail, deps.suppressions, deps.log);
        return;
      }
      throw new Error('not a mail queue message');
    },
  };
}
