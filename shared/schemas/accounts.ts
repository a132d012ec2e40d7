/**
 * The accounts API contract (docs/spec.md sections 3, 5 and 7): request schemas carry the spec's
 * validation texts as their messages, so the server's `detail` and the SPA's inline errors are the
 * same words. Each request schema checks presence first and formats second (a zod pipe), so a form
 * with a missing field and a malformed one reports the missing field, as the spec's order implies.
 */
import * as z from 'zod';
import { LIMITS, ROLES } from '../constants';
import { normaliseEmail } from '../email';
import { MSG } from '../messages';
import { idText } from './text-fields';

/** Longest accepted texts: generous for real data, bounded so nobody stores megabytes in a name. */
export const ACCOUNT_LIMITS = { nameMax: 200, emailMax: 254, passwordMax: 256, websiteMax: 2048 } as const;

export const WEBSITE_INVALID = 'Website must be a valid URL starting with http:// or https://';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const ADMIN_PROFILE_REQUIRED = 'Full name and email are required';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now sign in.';
export const REGISTRATION_DONE = 'Registration successful! Your account is pending admin approval.';
/** A practice needs no approval: it confirms its address and can buy at once. */
export const PRACTICE_REGISTRATION_DONE =
  'Registration successful! Check your email to confirm your address; you can sign in now.';
export const ACCOUNT_TYPE_INVALID = 'account_type must be developer or practice';
/** Who signs up (POST /api/register `account_type`; absent means developer). */
export const ACCOUNT_TYPES = ['developer', 'practice'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const GOOGLE_TOKEN_REQUIRED = 'A Google sign-in credential is required';

/** A loose but honest address check: one '@', something on both sides, a dotted domain, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A present, non-blank text; anything else gets `message`. */
const present = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Refused before anything else looks at it: nothing this long is a valid value of any field. */
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;
const bounded = (message: string, label: string, max: number) => present(message).max(max, tooLong(label, max));

const emailAddress = z
  .string()
  .max(ACCOUNT_LIMITS.emailMax, MSG.invalidEmail)
  .regex(EMAIL_SHAPE, MSG.invalidEmail)
  .transform(normaliseEmail);

const newPassword = z
  .string({ error: MSG.passwordTooShort })
  .min(LIMITS.passwordMin, MSG.passwordTooShort)
  .max(ACCOUNT_LIMITS.passwordMax, `Password must be at most ${ACCOUNT_LIMITS.passwordMax} characters`);

const personName = (label: string) =>
  z.string().max(ACCOUNT_LIMITS.nameMax, `${label} must be at most ${ACCOUNT_LIMITS.nameMax} characters`);

/** Optional website: absent, null or blank means none; otherwise an http(s) URL with a real domain. */
const website = z
  .string({ error: WEBSITE_INVALID })
  .trim()
  .max(ACCOUNT_LIMITS.websiteMax, WEBSITE_INVALID)
  .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: WEBSITE_INVALID })]))
  .nullish()
  .transform((v) => (v ? v : null));

// POST /api/register ----------------------------------------------------------------------------

export const SignupRequest = z
  .object(
    {
      full_name: bounded(MSG.allRequired, 'Full name', ACCOUNT_LIMITS.nameMax),
      email: present(MSG.allRequired).max(ACCOUNT_LIMITS.emailMax, MSG.invalidEmail),
      password: z
        .string({ error: MSG.allRequired })
        .min(1, MSG.allRequired)
        .max(ACCOUNT_LIMITS.passwordMax, tooLong('Password', ACCOUNT_LIMITS.passwordMax)),
      company_name: bounded(MSG.allRequired, 'Company name', ACCOUNT_LIMITS.nameMax),
      website: z.unknown().optional(),
      // Beyond the spec's body: a practice signs up as a buyer (company_name is the practice's name).
      account_type: z.enum(ACCOUNT_TYPES, { error: ACCOUNT_TYPE_INVALID }).optional(),
    },
    { error: MSG.allRequired },
  )
  .pipe(
    z.object({
      full_name: personName('Full name'),
      email: emailAddress,
      password: newPassword,
      company_name: personName('Company name'),
      website,
      account_type: z.enum(ACCOUNT_TYPES).default('developer'),
    }),
  );
export type SignupRequest = z.input<typeof SignupRequest>;
export type SignupInput = z.output<typeof SignupRequest>;

export const RegisterResponse = z.object({ message: z.string(), id: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

// POST /api/login and /api/admin-login ----------------------------------------------------------

export const LoginRequest = z
  .object(
    {
      email: present(MSG.fillEmailAndPassword).max(ACCOUNT_LIMITS.emailMax, MSG.invalidEmail),
      password: z
        .string({ error: MSG.fillEmailAndPassword })
        .min(1, MSG.fillEmailAndPassword)
        .max(ACCOUNT_LIMITS.passwordMax, tooLong('Password', ACCOUNT_LIMITS.passwordMax)),
    },
    { error: MSG.fillEmailAndPassword },
  )
  .transform((v) => ({ email: normaliseEmail(v.email), password: v.password }));
export type LoginRequest = z.input<typeof LoginRequest>;
export type LoginInput = z.output<typeof LoginRequest>;

/** Login, admin login and Google sign-in all answer this; the browser stores token and role. */
export const LoginResponse = z.object({
  access_token: z.string().min(1),
  role: z.enum(ROLES),
  token_type: z.literal('bearer'),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

// POST /api/google-login ------------------------------------------------------------------------

export const GoogleLoginRequest = z.object(
  { token: z.string({ error: GOOGLE_TOKEN_REQUIRED }).trim().min(1, GOOGLE_TOKEN_REQUIRED).max(8192) },
  { error: GOOGLE_TOKEN_REQUIRED },
);
export type GoogleLoginRequest = z.input<typeof GoogleLoginRequest>;

// POST /api/forgot-password and /api/reset-password ---------------------------------------------

export const ForgotPasswordRequest = z.object(
  {
    email: z
      .string({ error: MSG.invalidEmail })
      .trim()
      .max(ACCOUNT_LIMITS.emailMax, MSG.invalidEmail)
      .pipe(emailAddress),
  },
  { error: MSG.invalidEmail },
);
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

// POST /api/login/email-link, POST /api/login/link -----------------------------------------------

/** How long a mailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;
export const SIGN_IN_LINK_SENT = `If an account uses this address, a sign-in link is on its way to it. It works once, for ${SIGN_IN_LINK_MINUTES} minutes.`;
export const SIGN_IN_LINK_INVALID = 'This sign-in link is invalid, used or has expired.';
/**
 * The 429 detail once an account's daily budget of failed password checks is spent (issue 30,
 * finding 2): the password alone no longer signs in; the mailed link (or a password reset) does.
 */
export const SIGN_IN_LINK_REQUIRED =
  'Too many failed login attempts for this account today. Please sign in with a link sent to your email address, or reset your password.';
/** The same body as forgot-password's: {email}. */
export const SignInLinkMailRequest = ForgotPasswordRequest;
export type SignInLinkMailRequest = ForgotPasswordRequest;
export const SignInLinkRequest = z.object(
  { token: idText(SIGN_IN_LINK_INVALID, 512) },
  { error: SIGN_IN_LINK_INVALID },
);
export type SignInLinkRequest = z.input<typeof SignInLinkRequest>;

export const ResetPasswordRequest = z.object(
  {
    token: idText(RESET_LINK_INVALID, 512),
    password: newPassword,
  },
  { error: RESET_LINK_INVALID },
);
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

// POST /api/verify-email ------------------------------------------------------------------------

export const VerifyEmailRequest = z.object(
  {
    token: idText(MSG.verifyLinkInvalid, 512),
  },
  { error: MSG.verifyLinkInvalid },
);
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequest>;

/** Forgot password, reset password and other plain confirmations. */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

// GET /api/user/profile -------------------------------------------------------------------------

export const UserProfile = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  company_name: z.string(),
  website: z.string().nullable(),
  role: z.enum(ROLES),
  is_approved: z.boolean(),
  created_at: z.string(),
  email_verified: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfile>;

// GET and PUT /api/admin/profile ----------------------------------------------------------------

export const AdminProfile = z.object({ full_name: z.string(), email: z.string() });
export type AdminProfile = z.infer<typeof AdminProfile>;

export const AdminProfileUpdateRequest = z
  .object(
    {
      full_name: bounded(ADMIN_PROFILE_REQUIRED, 'Full name', ACCOUNT_LIMITS.nameMax),
      email: present(ADMIN_PROFILE_REQUIRED).max(ACCOUNT_LIMITS.emailMax, MSG.invalidEmail),
      password: z.unknown().optional(),
    },
    { error: ADMIN_PROFILE_REQUIRED },
  )
  .pipe(
    z.object({
      full_name: personName('Full name'),
      email: emailAddress,
      // Sent only when filled (spec section 5); blank or absent keeps the current password.
      password: z
        .string({ error: MSG.passwordTooShort })
        .nullish()
        .transform((v) => (v ? v : undefined))
        .pipe(newPassword.optional()),
    }),
  );
export type AdminProfileUpdateRequest = z.input<typeof AdminProfileUpdateRequest>;
export type AdminProfileUpdateInput = z.output<typeof AdminProfileUpdateRequest>;

/**
 * `access_token`: a new session when the change ended the old ones (a new address or password moves
 * the token version on); the SPA keeps it in place of the one it had.
 */
export const AdminProfileUpdateResponse = AdminProfile.extend({
  message: z.string(),
  access_token: z.string().optional(),
});
export type AdminProfileUpdateResponse = z.infer<typeof AdminProfileUpdateResponse>;

// GET /api/config -------------------------------------------------------------------------------

/** Runtime settings the SPA needs before sign-in (public, no secrets). */
export const PublicConfig = z.object({
  google_client_id: z.string().nullable(),
  stripe_enabled: z.boolean(),
  stripe_publishable_key: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

// The guest's claim link: "Create your practice account" (POST /api/claim-account...) ------------

export const CLAIM_LINK_INVALID = 'This link is invalid or has expired.';
/** Said to whoever follows a claim link of an address that already has an account: nothing changes. */
export const CLAIM_ACCOUNT_EXISTS =
  'An account with this email address already exists. Sign in to see your purchases (Forgot password? sends a reset link to the address).';
export const CLAIM_ACCOUNT_CREATED = 'Your practice account is ready. Your purchases are under My Purchased Licenses.';
export const CLAIM_LINKED = (email: string) =>
  `The purchases of ${email} are now in your account, under My Purchased Licenses.`;
export const CLAIM_VERIFIED = 'Your email address is verified. Your purchases are under My Purchased Licenses.';
export const CLAIM_ALREADY_YOURS = 'These purchases are already in your account.';
export const CLAIM_TOO_MANY_ADDRESSES = 'An account can hold at most 10 further email addresses.';
export const CLAIM_ONLY_BUYERS = 'Only developer and practice accounts hold purchases.';

export const ClaimTokenRequest = z.object({ token: idText(CLAIM_LINK_INVALID, 512) }, { error: CLAIM_LINK_INVALID });
export type ClaimTokenRequest = z.input<typeof ClaimTokenRequest>;

/** POST /api/claim-account/preview: the address the link proves, and whether it has an account. */
export const ClaimPreview = z.object({ email: z.string(), account_exists: z.boolean() });
export type ClaimPreview = z.infer<typeof ClaimPreview>;

/**
 * POST /api/claim-account: a practice account for the link's address (the address comes from the
 * link, never from the form), with the password the guest chooses. company_name is the practice's
 * name, full_name its contact.
 */
export const ClaimAccountRequest = z
  .object(
    {
      token: idText(CLAIM_LINK_INVALID, 512),
      full_name: bounded(MSG.allRequired, 'Contact name', ACCOUNT_LIMITS.nameMax),
      company_name: bounded(MSG.allRequired, 'Practice name', ACCOUNT_LIMITS.nameMax),
      password: z
        .string({ error: MSG.allRequired })
        .min(1, MSG.allRequired)
        .max(ACCOUNT_LIMITS.passwordMax, tooLong('Password', ACCOUNT_LIMITS.passwordMax)),
    },
    { error: MSG.allRequired },
  )
  .pipe(
    z.object({
      token: z.string(),
      full_name: z.string(),
      company_name: z.string(),
      password: newPassword,
    }),
  );
export type ClaimAccountRequest = z.input<typeof ClaimAccountRequest>;
export type ClaimAccountInput = z.output<typeof ClaimAccountRequest>;

/** A new practice is signed in at once: the link proved its address. */
export const ClaimAccountResponse = LoginResponse.extend({ message: z.string() });
export type ClaimAccountResponse = z.infer<typeof ClaimAccountResponse>;

/** POST /api/claim-account/attach (signed in): what following the link did to the signed-in account. */
export const ClaimAttachResponse = z.object({
  message: z.string(),
  outcome: z.enum(['linked', 'verified', 'already']),
});
export type ClaimAttachResponse = z.infer<typeof ClaimAttachResponse>;

// Invitations of imported legacy accounts (POST /api/accept-invitation) ---------------------------

export const INVITATION_LINK_INVALID =
  'This invitation link is invalid or has expired. Ask an administrator for a new one.';
export const INVITATION_ACCEPTED =
  'Your password is set and you can sign in. Your developer account now awaits admin approval.';

export const AcceptInvitationRequest = z.object(
  {
    token: idText(INVITATION_LINK_INVALID, 512),
    password: newPassword,
  },
  { error: INVITATION_LINK_INVALID },
);
export type AcceptInvitationRequest = z.input<typeof AcceptInvitationRequest>;
