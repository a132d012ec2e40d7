import { randomUUID } from 'node:crypto';
import type { Role } from '@shared/constants';
import { normaliseEmail } from '@shared/email';
import { ValidationError } from '../errors';
import type { PasswordHasher } from './password';
import type { UsersRepository } from './ports';
import { type AuthProvider, EmailTakenError, type User, UserIdTakenError } from './user';

export interface EnsureUserInput {
  /** A fixed id (seeds); a new uuid when absent. */
  id?: string;
  email: string;
  /** Absent or null: the account has no password yet (it can set one through "forgot password"). */
  password?: string | null;
  full_name: string;
  company_name: string;
  website?: string | null;
  role: Role;
  is_approved: boolean;
  auth_provider?: AuthProvider;
  /** Whether the address is known to be the holder's (seeds, Google); false when absent. */
  email_verified?: boolean;
}

/**
 * Returns the account with this id or e-mail address, creating it when neither exists. An existing
 * account is returned untouched (its password and role are left alone), so it is safe to call on
 * every start (seeds) or for every guest checkout. Concurrent calls for one address create one
 * account: the address claim is conditional, and the loser reads the winner's account.
 */
export async function ensureUser(
  input: EnsureUserInput,
  users: UsersRepository,
  passwords: Pick<PasswordHasher, 'hash'>,
): Promise<{ user: User; created: boolean }> {
  const email = normaliseEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new ValidationError('Enter a valid email address');
  const existing = async () => (input.id ? await users.findById(input.id) : undefined) ?? users.findByEmail(email);

  const found = await existing();
  if (found) return { user: found, created: false };

  const user: User = {
    id: input.id ?? randomUUID(),
    email,
    full_name: input.full_name.trim(),
    company_name: input.company_name.trim(),
    website: input.website?.trim() || null,
    role: input.role,
    is_approved: input.is_approved,
    created_at: new Date().toISOString(),
    auth_provider: input.auth_provider ?? 'password',
    email_verified: input.email_verified ?? false,
    token_version: 0,
    invited: false,
    linked_emails: [],
  };
  const passwordHash = input.password ? await passwords.hash(input.password) : null;
  try {
    await users.create(user, passwordHash);
  } catch (err) {
    if (!(err instanceof EmailTakenError || err instanceof UserIdTakenError)) throw err;
    const winner = await existing();
    if (!winner) throw err;
    return { user: winner, created: false };
  }
  return { user, created: true };
}
