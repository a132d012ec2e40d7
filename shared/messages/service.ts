/**
 * The service's own texts, which the spec does not quote: a dependency that does not answer,
 * rate limits and quotas, sessions and e-mail verification.
 */

/** 503 when a dependency (database, storage, mail, queue) failed or did not answer in time. */
export const dependencyUnavailable =
  'The service is temporarily unavailable: a system it depends on is not responding. Please try again in a few seconds.';
export const tooManyRequests = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many requests from your network. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};
export const uploadQuotaReached = (limit: number, seconds: number) => {
  const hours = Math.max(1, Math.ceil(seconds / 3600));
  return `You can upload at most ${limit} images a day. Please try again in ${hours} ${hours === 1 ? 'hour' : 'hours'}.`;
};
export const sessionEnded = 'Your session has ended. Please sign in again.';
export const emailVerified = 'Your email address is verified. Thank you!';
export const verifyLinkInvalid = 'This verification link is invalid or has expired.';
export const verificationSent = 'A new verification link was sent to your email address.';
export const alreadyVerified = 'Your email address is already verified.';
export const verifyEmailBanner = 'Please verify your email address: we sent you a link when you signed up.';
export const resendVerification = 'Resend verification email';
export const verifyingEmail = 'Verifying your email address...';
export const verifyEmailForProduction = 'Verify your email address before creating a production key.';
export { APP_LIMIT_DETAIL as appLimit } from '../app-limit';
export const apiKeyLimit = 'You can have at most 10 API keys. Delete a key you no longer use to create another.';
export const googleAdminRefused = 'Google sign-in is not available for admin accounts. Please use the admin login.';
export const googleNeedsVerifiedEmail =
  'An account with this email already exists. Sign in with your password and verify your email address before using Google sign-in.';
