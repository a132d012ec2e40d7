/**
 * Mail suppression: addresses no longer mailed because they bounced permanently
 * or complained, shown to admins on the dashboard with a way to lift an entry.
 */
import * as z from 'zod';
import { normaliseEmail } from '../email';
import { MSG } from '../messages';
import { ACCOUNT_LIMITS } from './accounts';
import { limitParam } from './query-numbers';

export const SuppressedAddressSchema = z
  .object({
    email: z.string(),
    reason: z.enum(['bounce', 'complaint']),
    detail: z.string(),
    suppressed_at: z.string(),
  })
  .meta({ id: 'SuppressedAddress' });

export const SuppressedAddressListSchema = z.array(SuppressedAddressSchema).meta({ id: 'SuppressedAddressList' });

export const SUPPRESSIONS_PAGE_DEFAULT = 50;
export const SUPPRESSIONS_PAGE_MAX = 100;

/** GET /api/admin/mail-suppressions?limit=&cursor=: one page of the list, newest first. */
export const SuppressionListQuery = z.object({
  limit: limitParam(SUPPRESSIONS_PAGE_MAX)
    .default(SUPPRESSIONS_PAGE_DEFAULT)
    .describe(`addresses per page (default ${SUPPRESSIONS_PAGE_DEFAULT}, at most ${SUPPRESSIONS_PAGE_MAX})`),
  cursor: z.string().max(1000).optional().describe('X-Next-Cursor of the previous page'),
});

export const LiftSuppressionRequest = z
  .object({
    email: z
      .string({ error: MSG.invalidEmail })
      .trim()
      .min(1, MSG.invalidEmail)
      .max(ACCOUNT_LIMITS.emailMax, MSG.invalidEmail)
      .transform(normaliseEmail),
  })
  .meta({ id: 'LiftSuppressionRequest' });

export const SUPPRESSION_NOT_FOUND = 'This address is not on the suppression list';
export const SUPPRESSION_LIFTED = 'The address will receive mail again';

export type SuppressedAddress = z.infer<typeof SuppressedAddressSchema>;
