/** The mail to a review's author when a moderator hides it. */

import { siteUrl, storefrontPaths } from '@shared/site-paths';
import type { AppRecord } from '../apps/app';
import type { OutgoingMail } from '../users/ports';

export function reviewHiddenMail(input: {
  to: string;
  /** The app reviewed; undefined when it is gone (the mail then links to the marketplace). */
  app: Pick<AppRecord, 'id' | 'name' | 'slug'> | undefined;
  reason: string;
  appUrl: string;
}): OutgoingMail {
  const { app, reason } = input;
  const appName = app?.name ?? 'an app';
  const link = siteUrl(input.appUrl, app ? storefrontPaths.app(app.slug || app.id) : '');
  return {
    to: input.to,
    subject: `Your review of ${appName} was hidden`,
    text: [
      `Your review of ${appName} is no longer shown in the marketplace.`,
      '',
      `Reason given by our moderators: ${reason}`,
      '',
      `You can edit or delete your review on the app's page: ${link}`,
    ].join('\n'),
  };
}
