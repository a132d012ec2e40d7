/** The mails of an app's review to its developer: approved (live, or active for a non-public app) and suspended. */

import { siteUrl, storefrontPaths } from '@shared/site-paths';
import { greeting } from '../mail/greeting';
import type { OutgoingMail } from '../users/ports';
import type { User } from '../users/user';
import type { AppRecord } from './app';

export const approvalMailSubject = (name: string) => `Your app ${name} is live on the marketplace`;
export const approvalMailSubjectOther = (name: string) => `Your app ${name} has been approved`;
export const suspensionMailSubject = (name: string) => `Your app ${name} has been suspended`;

export function approvalMail(app: AppRecord, owner: User, appUrl: string): OutgoingMail {
  const isPublic = app.type === 'public';
  const text = isPublic
    ? [
        greeting(owner.full_name),
        '',
        `Good news: ${app.name} has been approved and is now listed on the marketplace.`,
        `See it here: ${siteUrl(appUrl, storefrontPaths.app(app.slug))}`,
        '',
        'Edits you make from your dashboard are saved at once; changes to what the listing shows, its licensing or the permissions it requests go live once an administrator has reviewed them.',
        siteUrl(appUrl, '/dashboard/apps'),
      ]
    : [
        greeting(owner.full_name),
        '',
        `${app.name} has been approved by an administrator and is now active.`,
        '',
        siteUrl(appUrl, '/dashboard/apps'),
      ];
  return {
    to: owner.email,
    subject: isPublic ? approvalMailSubject(app.name) : approvalMailSubjectOther(app.name),
    text: text.join('\n'),
  };
}

export function suspensionMail(app: AppRecord, owner: User, appUrl: string, reason?: string): OutgoingMail {
  return {
    to: owner.email,
    subject: suspensionMailSubject(app.name),
    text: [
      greeting(owner.full_name),
      '',
      `An administrator has suspended ${app.name}. It is no longer listed on the marketplace.`,
      ...(reason ? ['', `Reason: ${reason}`] : []),
      '',
      'Buyers keep the licences they already have. Update the app from your dashboard and contact us to have it reviewed again:',
      siteUrl(appUrl, '/dashboard/apps'),
    ].join('\n'),
  };
}
