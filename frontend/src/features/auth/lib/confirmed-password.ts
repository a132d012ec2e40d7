import { MSG } from '@shared/messages';
import * as z from 'zod';

/**
 * The refinement of a form with a new password and its confirmation: refused with the spec's
 * text, on the confirmation field, when the two differ. `schema.refine(...passwordConfirmed)`.
 */
export const passwordConfirmed: [
  check: (v: { password: string; confirm: string }) => boolean,
  params: { message: string; path: string[] },
] = [(v) => v.password === v.confirm, { message: MSG.passwordsDoNotMatch, path: ['confirm'] }];

/** A new password (the API's rule for it) and its confirmation, which must match. */
export const newPasswordForm = (password: z.ZodType<string>) =>
  z.object({ password, confirm: z.string() }).refine(...passwordConfirmed);
