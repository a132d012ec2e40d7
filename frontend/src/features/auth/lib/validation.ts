import { LIMITS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';

/** The spec's e-mail rule is only that it contains '@' (docs/spec.md section 5). */
export const looksLikeEmail = (value: string): boolean => value.includes('@');

/** Login and admin login: both fields required. */
export function validateCredentials(email: string, password: string): string | null {
  return email.trim() && password ? null : MSG.fillEmailAndPassword;
}

/** New password plus confirmation (reset password). */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (password.length < LIMITS.passwordMin) return MSG.passwordTooShort;
  if (password !== confirm) return MSG.passwordsDoNotMatch;
  return null;
}
