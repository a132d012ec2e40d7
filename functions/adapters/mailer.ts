/**
 * Outgoing e-mail over SES v2 (locally the aws-ses-v2-local emulator, whose viewer shows every
 * mail). One generic function for every mail the product sends: reset links, licences, approvals.
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { getConfig } from '../config';
import type { Mailer, OutgoingMail } from '../core/users/ports';
import { sesClient } from './aws-clients';

export type { OutgoingMail };

/** Sends one mail from MAIL_FROM. Throws when SES refuses it; callers decide what a failure means. */
export async function sendMail({ to, subject, text, html }: OutgoingMail): Promise<void> {
  const utf8 = (Data: string) => ({ Data, Charset: 'UTF-8' });
  await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: getConfig().MAIL_FROM,
      Destination: { ToAddresses: Array.isArray(to) ? to : [to] },
      Content: {
        Simple: {
          Subject: utf8(subject),
          Body: { Text: utf8(text), ...(html ? { Html: utf8(html) } : {}) },
        },
      },
    }),
  );
}

/** The same function as the core's Mailer port. */
export const sesMailer: Mailer = { sendMail };
