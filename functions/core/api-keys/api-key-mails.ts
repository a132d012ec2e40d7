/** The mails of a developer's account and keys: approved for production, a key rotated by an administrator. */

import { siteUrl } from '@shared/site-paths';
import { greeting } from '../mail/greeting';
import type { OutgoingMail } from '../users/ports';
import type { User } from '../users/user';

export const APPROVAL_MAIL_SUBJECT = 'Your developer account has been approved';
export const ADMIN_ROTATION_MAIL_SUBJECT = 'One of your API keys was rotated by an administrator';

/** The API Keys screen of the developer's dashboard, under the site's origin. */
export const apiKeysLink = (appUrl: string) => siteUrl(appUrl, '/dashboard/api-keys');

export function developerApprovalMail(user: User, link: string): OutgoingMail {
  return {
    to: user.email,
    subject: APPROVAL_MAIL_SUBJECT,
    text: [
      greeting(user.full_name),
      '',
      'Your developer account has been approved for production access.',
      'Your production API keys are now active (10,000 requests a day each). Manage them here:',
      '',
      link,
    ].join('\n'),
  };
}

export function rotationNotice(user: User, oldPrefix: string, newPrefix: string, link: string): OutgoingMail {
  return {
    to: user.email,
    subject: ADMIN_ROTATION_MAIL_SUBJECT,
    text: [
      greeting(user.full_name),
      '',
      `An administrator rotated your API key ${oldPrefix}... It no longer works.`,
      `Its replacement ${newPrefix}... is ready and already works. For your security it is not sent by`,
      'e-mail: open API Keys in your dashboard and choose "Show new key" to see it once, then update',
      'your software.',
      '',
      link,
    ].join('\n'),
  };
}
