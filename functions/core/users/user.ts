import type { Role } from '../../../shared/constants';
import type { UserProfile } from '../../../shared/schemas/accounts';
import { EMAIL_TAKEN } from '../../../shared/schemas/accounts';
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
  /** New developers start false (pending admin approval) and can still sign in. */
  is_approved: boolean;
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
