import type { Role } from '@shared/constants';
import type { UserProfile } from '@shared/schemas/accounts';
import { EMAIL_TAKEN } from '@shared/schemas/accounts';
import { ConflictError } from '../errors';

/** How the account was created: a password sign-up (or seed) or a first Google sign-in. */
export type AuthProvider = 'password' | 'google';

/**
 * A user account as the domain sees it. The password hash is deliberately not part of it: only
 * the sign-in path asks storage for credentials, so no mapper can leak the hash by accident.
 */
export interface User {
  id: string;
  /** Trimmed and lower-cased. */
  email: string;
  full_name: string;
  company_name: string;
  website: string | null;
  role: Role;
  /**
   * New developers start false (pending admin approval) and can still sign in. Practices need no
   * approval (true from the start); admins are seeded true.
   */
  is_approved: boolean;
  /**
   * An account imported from the legacy system that has not set its password through its
   * invitation yet: it cannot sign in and is not awaiting approval (AccountStatus 'invited').
   */
  invited: boolean;
  /**
   * Further addresses of the account, each proven by a followed claim link (a guest's "Create your
   * practice account" link, followed while signed in): their guest purchases are this account's,
   * and their practice events are routed as the account's. Never a sign-in name.
   */
  linked_emails: string[];
  /** ISO 8601. */
  created_at: string;
  auth_provider: AuthProvider;
  /**
   * True when the address is known to belong to the account holder: created by Google sign-in,
   * seeded (admin, demo developers), or after the mailed verification link was followed. New
   * self-registered developers start false.
   */
  email_verified: boolean;
  /**
   * Grows on every password reset or change and when an admin takes rights away: access tokens
   * carry the version they were issued under and stop working once it has moved on.
   */
  token_version: number;
}

/** Thrown by storage when another account already holds the address. */
export class EmailTakenError extends ConflictError {
  constructor() {
    super(EMAIL_TAKEN);
  }
}

/** Thrown by storage when an account with the requested id already exists (fixed-id seeds). */
export class UserIdTakenError extends ConflictError {
  constructor() {
    super('An account with this id already exists');
  }
}

/** Where an account stands in User Management (GET /api/admin/users `status`). */
export type AccountStatus = 'pending' | 'approved' | 'invited';

/**
 * invited: a legacy import without a password yet; pending: a developer awaiting approval;
 * approved: everyone else (approved developers, practices, which need no approval, and admins).
 */
export function accountStatus(user: Pick<User, 'role' | 'is_approved' | 'invited'>): AccountStatus {
  if (user.invited) return 'invited';
  return user.role === 'developer' && !user.is_approved ? 'pending' : 'approved';
}

/** Counted in "awaiting approval": a developer whose approval is pending (never a practice, an admin or an invited account). */
export const isAwaitingApproval = (user: Pick<User, 'role' | 'is_approved' | 'invited'>): boolean =>
  accountStatus(user) === 'pending';

/** Most further addresses one account may hold (linked by claim links). */
export const MAX_LINKED_EMAILS = 10;

/** The profile a signed-in user reads (GET /api/user/profile): fields listed one by one. */
export function toUserProfile(user: User): UserProfile {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    company_name: user.company_name,
    website: user.website,
    role: user.role,
    is_approved: user.is_approved,
    created_at: user.created_at,
    email_verified: user.email_verified,
  };
}
