/** The mails of accounts: the one-link mails (reset, sign-in link, verification) and the legacy invitation. */

import { escapeHtml } from '@shared/escape-html';
import { greeting } from '../mail/greeting';
import type { OutgoingMail } from './ports';

export const INVITATION_SUBJECT = 'Your Dental App Marketplace developer account is ready';

/**
 * A mail whose point is one link (reset, verification), as text and as HTML: the greeting, why it
 * was sent, the link with how long it works, and what to do when it was not asked for.
 */
function linkMail(mail: {
  to: string;
  subject: string;
  greeting: string;
  why: string;
  /** "choose a new password": the text version reads "Open this link to <action> (<validity>):". */
  action: string;
  /** The HTML version's link text. */
  linkText: string;
  link: string;
  validity: string;
  ignore: string;
}): OutgoingMail {
  const { why, link, validity, ignore } = mail;
  const text = [mail.greeting, '', why, `Open this link to ${mail.action} (${validity}):`, '', link, '', ignore].join(
    '\n',
  );
  const html = [
    `<p>${escapeHtml(mail.greeting)}</p>`,
    `<p>${escapeHtml(why)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(mail.linkText)}</a> (${escapeHtml(validity)}).</p>`,
    `<p>${escapeHtml(ignore)}</p>`,
  ].join('\n');
  return { to: mail.to, subject: mail.subject, text, html };
}

export function resetMail(to: string, fullName: string, link: string, validMinutes: number): OutgoingMail {
  return linkMail({
    to,
    subject: 'Reset your Dental App Marketplace password',
    greeting: greeting(fullName),
    why: 'We received a request to reset the password of your Dental App Marketplace account.',
    action: 'choose a new password',
    linkText: 'Choose a new password',
    link,
    validity: `valid for ${validMinutes} minutes, usable once`,
    ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  });
}

export function signInLinkMail(to: string, link: string, validMinutes: number): OutgoingMail {
  return linkMail({
    to,
    subject: 'Your Dental App Marketplace sign-in link',
    greeting: greeting(),
    why: 'Someone asked to sign in to your Dental App Marketplace account with a link sent to this address.',
    action: 'sign in',
    linkText: 'Sign in',
    link,
    validity: `valid for ${validMinutes} minutes, usable once`,
    ignore:
      'If you did not ask for this, ignore this e-mail: nobody can sign in without the link. Failed sign-ins ' +
      'to your account may have caused it; choosing a new password (Forgot password) keeps guessers out.',
  });
}

/**
 * The verification mail goes to an address nobody has confirmed yet, so it carries nothing the
 * person who signed up wrote (not even their name): otherwise anyone could have the platform mail
 * their own words to any address.
 */
export function verifyMail(to: string, link: string, validHours: number): OutgoingMail {
  return linkMail({
    to,
    subject: 'Verify your Dental App Marketplace email address',
    greeting: greeting(),
    why: 'Please confirm that this address belongs to your Dental App Marketplace account.',
    action: 'verify it',
    linkText: 'Verify my email address',
    link,
    validity: `valid for ${validHours} hours`,
    ignore: 'If you did not create an account, you can ignore this e-mail.',
  });
}

export function invitationMail(to: string, link: string, validDays: number): OutgoingMail {
  return {
    to,
    subject: INVITATION_SUBJECT,
    text: [
      greeting(),
      '',
      'Your developer account from the previous Dental App Marketplace developer portal has moved to',
      'the new Dental App Marketplace. Choose a password to start using it:',
      '',
      link,
      '',
      `The link works once, for ${validDays} days. Once your password is set, our team reviews your`,
      'account as for every new developer; you can sign in meanwhile.',
      '',
      'If you do not want the account, ignore this email: nothing happens without the link.',
    ].join('\n'),
  };
}
