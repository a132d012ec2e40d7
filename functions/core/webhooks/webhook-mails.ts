/** The mail to a webhook's owner when the platform disables it (410 Gone, or failing for days). */

import { siteUrl } from '@shared/site-paths';
import type { OutgoingMail } from '../users/ports';
import type { WebhookRecord } from './webhook';

export const WEBHOOK_DISABLED_SUBJECT = 'Your webhook was disabled';

export function webhookDisabledMail(input: {
  owner: { email: string; full_name?: string | null };
  appName: string;
  webhook: Pick<WebhookRecord, 'event_type' | 'target_url'>;
  reason: string;
  appUrl: string;
}): OutgoingMail {
  const { owner, webhook } = input;
  return {
    to: owner.email,
    subject: WEBHOOK_DISABLED_SUBJECT,
    text: [
      `Hello ${owner.full_name || 'there'},`,
      '',
      `We disabled the ${webhook.event_type} webhook of your app "${input.appName}" that points at ${webhook.target_url}.`,
      `Reason: ${input.reason}.`,
      '',
      'No further events will be sent to it. Once the endpoint answers with a 2xx status again, add the',
      `webhook again from My Apps: ${siteUrl(input.appUrl, '/dashboard/apps')}`,
    ].join('\n'),
  };
}
