import { LIMITS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import type { RegisterInput } from '../api/register-developer';

/** The spec's e-mail rule is only that it contains '@' (SPEC.md section 5). */
export const looksLikeEmail = (value: string): boolean => value.includes('@');

/** Login and admin login: both fields required. */
export function validateCredentials(email: string, password: string): string | null {
  return email.trim() && password ? null : MSG.fillEmailAndPassword;
}

/** Signup rules in the spec's order; the website, when given, must be an http(s) URL. */
export function validateSignup(input: RegisterInput): string | null {
  const { full_name, email, password, company_name, website } = input;
  if (!full_name.trim() || !email.trim() || !password || !company_name.trim()) return MSG.allRequired;
  if (!looksLikeEmail(email)) return MSG.invalidEmail;
  if (password.length < LIMITS.passwordMin) return MSG.passwordTooShort;
  if (website && !isHttpUrl(website)) return 'Website must be a valid URL starting with http:// or https://';
  return null;
}

/** New password plus confirmation (reset password). */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (password.length < LIMITS.passwordMin) return MSG.passwordTooShort;
  if (password !== confirm) return MSG.passwordsDoNotMatch;
  return null;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
