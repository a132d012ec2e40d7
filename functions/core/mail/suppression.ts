/**
 * Addresses the product no longer mails: an address that bounced permanently
 * (it does not exist, or its domain refuses mail) or whose owner marked our mail as spam. Mailing
 * it again harms the sender's reputation, and SES suspends accounts whose bounce or complaint rate
 * stays high. SES reports both through the configuration set; the mail worker records them here,
 * the mailer checks every recipient before sending, and an admin sees the list and may lift an
 * entry (the owner fixed their mailbox).
 */
import { normaliseEmail } from '@shared/email';
import type { Page } from '../paging';
import type { Log } from '../users/ports';

export type SuppressionReason = 'bounce' | 'complaint';

export interface SuppressedAddress {
  email: string;
  reason: SuppressionReason;
  /** What SES said: the bounce type and sub-type, or the complaint's feedback type. */
  detail: string;
  /** ISO 8601. */
  suppressed_at: string;
}

export interface SuppressionStore {
  /** The entries among these addresses (normalised). */
  suppressedAmong(emails: readonly string[]): Promise<Set<string>>;
  /** Records (or refreshes) an entry. */
  suppress(entry: SuppressedAddress): Promise<void>;
  /** Removes an entry; false when there was none. */
  lift(email: string): Promise<boolean>;
  /** One page of the entries, newest first (a cursor of another list is refused with a 400). */
  list(limit: number, cursor?: string): Promise<Page<SuppressedAddress>>;
}

/** An SES event as the configuration set publishes it (the EventBridge event's detail). */
export interface SesMailEvent {
  eventType?: string;
  bounce?: {
    bounceType?: string;
    bounceSubType?: string;
    bouncedRecipients?: Array<{ emailAddress?: string; diagnosticCode?: string }>;
    timestamp?: string;
  };
  complaint?: {
    complaintFeedbackType?: string;
    complainedRecipients?: Array<{ emailAddress?: string }>;
    timestamp?: string;
  };
  mail?: { messageId?: string; timestamp?: string };
}

/**
 * Records what a bounce or complaint event means. Transient bounces (a full mailbox, a server
 * briefly down) suppress nothing: SES already retried, and the next mail may well arrive. Returns
 * the addresses suppressed.
 */
export async function recordMailEvent(
  event: SesMailEvent,
  store: Pick<SuppressionStore, 'suppress'>,
  log: Log,
  now: () => Date = () => new Date(),
): Promise<string[]> {
  const type = event.eventType;
  let reason: SuppressionReason;
  let detail: string;
  let recipients: Array<{ emailAddress?: string }>;
  if (type === 'Bounce') {
    const bounceType = event.bounce?.bounceType ?? 'Undetermined';
    if (bounceType !== 'Permanent') {
      log.info('transient bounce: address kept', { bounce_type: bounceType, message_id: event.mail?.messageId });
      return [];
    }
    reason = 'bounce';
    detail = `${bounceType}${event.bounce?.bounceSubType ? ` (${event.bounce.bounceSubType})` : ''}`;
    recipients = event.bounce?.bouncedRecipients ?? [];
  } else if (type === 'Complaint') {
    reason = 'complaint';
    detail = `Complaint${event.complaint?.complaintFeedbackType ? ` (${event.complaint.complaintFeedbackType})` : ''}`;
    recipients = event.complaint?.complainedRecipients ?? [];
  } else {
    log.info('mail event ignored', { event_type: type });
    return [];
  }
  const at = now().toISOString();
  const emails = [
    ...new Set(recipients.map((r) => (r.emailAddress ? normaliseEmail(r.emailAddress) : '')).filter(Boolean)),
  ];
  for (const email of emails) {
    await store.suppress({ email, reason, detail: detail.slice(0, 200), suppressed_at: at });
    log.warn('address suppressed: no more mail is sent to it', { reason, detail, message_id: event.mail?.messageId });
  }
  return emails;
}
