/**
 * The guest confirmation mail: a free licence requested as a guest is granted
 * only once the address's owner follows this link. It is written in the platform's own words
 * only: nothing the developer wrote (app name, descriptions, instructions) and nothing the
 * requester typed goes into it, so the checkout cannot relay anyone's text to any address.
 */
import type { OutgoingMail } from '../users/ports';

export const GUEST_CONFIRM_SUBJECT = 'Confirm your email address to receive a free license';

export function guestConfirmMail(input: { to: string; link: string; validHours: number }): OutgoingMail {
  return {
    to: input.to,
    subject: GUEST_CONFIRM_SUBJECT,
    text: [
      'Someone asked Dental App Marketplace to send a free app license to this email address.',
      '',
      'If it was you, confirm your address to receive the license:',
      input.link,
      '',
      `The link works for ${input.validHours} hours. If it was not you, ignore this email: nothing`,
      'is granted and no account is created.',
    ].join('\n'),
  };
}
