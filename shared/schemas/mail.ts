/**
 * Mail suppression: addresses no longer mailed because they bounced permanently
 * or complained, shown to admins on the dashboard with a way to lift an entry.
 */
import * as z from 'zod';
import { MSG } from '../messages';
import { ACCOUNT_LIMITS, normaliseEmail } from './accounts';

export const SuppressedAddressSchema = z
  .object({
    email: z.string(),
    reason: z.enum(['bounce', 'complaint']),
    detail: z.string(),
    suppressed_at: z.string(),
  })
  .meta({ id: 'SuppressedAddress' });

export const SuppressedAddressListSchema = z.array(SuppressedAddressSchema).meta({ id: 'SuppressedAddressList' });

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
