/**
 * Outgoing e-mail over SES v2 (locally the aws-ses-v2-local emulator, whose viewer shows every
 * mail). One generic function for every mail the product sends: reset links, licences, approvals.
 *
 * Delivery, in separate steps: recipients on the suppression list (they bounced or
 * complained) are dropped before sending (withoutSuppressed); a send that fails is put on the mail
 * queue and retried by the mail worker, not dropped (enqueueMailRetry); the mail worker
 * (core/mail/mail-queue.ts, wired in wiring/mail.ts) also records the bounces and complaints SES
 * reports through the configuration set. Locally, SES's mailbox simulator is emulated: mail to
 * bounce@simulator.amazonses.com or complaint@simulator.amazonses.com (with any +label) is
 * answered by a bounce or complaint event, as SES answers it in the cloud.
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { normaliseEmail } from '@shared/email';
import { getConfig } from '../config';
import type { SesMailEvent } from '../core/mail/suppression';
import type { Mailer, OutgoingMail } from '../core/users/ports';
import { logger } from '../http/logger';
import { mailRetries } from '../queues/mail';
import { dynamoSuppressionStore } from './dynamodb/suppression-repo';
import { configuredQueue } from './queue';
import { sesClient } from './ses-client';

export type { OutgoingMail };

const recipients = (mail: OutgoingMail): string[] => (Array.isArray(mail.to) ? mail.to : [mail.to]);

/** One SES call from MAIL_FROM (through the configuration set when there is one). Throws when SES refuses it. */
export async function deliverMail({ to, subject, text, html }: OutgoingMail): Promise<void> {
  const cfg = getConfig();
  const utf8 = (Data: string) => ({ Data, Charset: 'UTF-8' });
  const toAddresses = Array.isArray(to) ? to : [to];
  await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: cfg.MAIL_FROM,
      Destination: { ToAddresses: toAddresses },
      ...(cfg.SES_CONFIGURATION_SET ? { ConfigurationSetName: cfg.SES_CONFIGURATION_SET } : {}),
      Content: {
        Simple: {
          Subject: utf8(subject),
          Body: { Text: utf8(text), ...(html ? { Html: utf8(html) } : {}) },
        },
      },
    }),
  );
  if (cfg.RUNTIME === 'local') await simulateMailbox(toAddresses);
}

/** The mail without its suppressed recipients; null when none is left. */
export async function withoutSuppressed(mail: OutgoingMail): Promise<OutgoingMail | null> {
  const to = recipients(mail);
  let suppressed: Set<string>;
  try {
    suppressed = await dynamoSuppressionStore.suppressedAmong(to);
  } catch (err) {
    // The list could not be read: a password reset matters more than one more bounce.
    logger.warn('suppression list not read; sending anyway', { error: (err as Error).message });
    return mail;
  }
  const kept = to.filter((address) => !suppressed.has(normaliseEmail(address)));
  if (kept.length === to.length) return mail;
  logger.info('mail to a suppressed address not sent', { subject: mail.subject, dropped: to.length - kept.length });
  return kept.length ? { ...mail, to: kept } : null;
}

/** Puts a mail whose sending failed on the mail queue; throws `cause` when there is no queue to put it on. */
export async function enqueueMailRetry(mail: OutgoingMail, cause: unknown): Promise<void> {
  const queue = mailQueue.getIfConfigured();
  if (!queue) throw cause;
  await queue.send(JSON.stringify({ kind: 'mail', mail }), { delaySeconds: 30 });
  logger.warn('mail not sent; queued for a retry', { subject: mail.subject, error: (cause as Error).message });
}

/**
 * Sends one mail, skipping suppressed recipients. A failed send is queued and retried by the mail
 * worker; this throws only when it cannot even be queued (callers decide what that means).
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const deliverable = await withoutSuppressed(mail);
  if (!deliverable) return;
  try {
    await deliverMail(deliverable);
  } catch (err) {
    await enqueueMailRetry(deliverable, err);
  }
}

/** The same function as the core's Mailer port. */
export const sesMailer: Mailer = { sendMail };

/**
 * The mail queue (functions/queues/mail.ts): SQS when MAIL_QUEUE_URL is set (the cloud), the
 * in-process queue locally, consumed by the mail worker the local server attaches
 * (bin/local-queue-consumers.ts); none in the cloud without one.
 */
export const mailQueue = /* @__PURE__ */ configuredQueue(mailRetries, () => ({ redeliveryDelayMs: 5_000 }));

/** Resolves once this process's in-process mail queue is idle (local runtime and tests). */
export const localMailQueueIdle = (): Promise<void> => mailQueue.idle();

const SIMULATOR = /^(bounce|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i;

/**
 * Local only: SES's mailbox simulator. A mail to bounce@ or complaint@simulator.amazonses.com is
 * followed by the event SES publishes through the configuration set, as EventBridge puts it on the
 * mail-events queue in the cloud.
 */
async function simulateMailbox(to: readonly string[]): Promise<void> {
  for (const address of to) {
    const kind = SIMULATOR.exec(address.trim())?.[1]?.toLowerCase();
    if (!kind) continue;
    const detail: SesMailEvent =
      kind === 'bounce'
        ? {
            eventType: 'Bounce',
            bounce: {
              bounceType: 'Permanent',
              bounceSubType: 'General',
              bouncedRecipients: [{ emailAddress: address, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
            },
            mail: { messageId: `local-${Date.now()}` },
          }
        : {
            eventType: 'Complaint',
            complaint: { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: address }] },
            mail: { messageId: `local-${Date.now()}` },
          };
    const detailType = kind === 'bounce' ? 'Email Bounced' : 'Email Complaint Received';
    await mailQueue.getIfConfigured()?.send(JSON.stringify({ source: 'aws.ses', 'detail-type': detailType, detail }));
  }
}
