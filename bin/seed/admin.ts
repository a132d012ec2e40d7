/**
 * Seeds accounts through the users service's ensureUser: the admin from ADMIN_EMAIL and
 * ADMIN_PASSWORD, and the approved demo developers who own the demo catalogue. Idempotent: an
 * existing account is left exactly as it is (password, role, approval), so restarts never undo
 * what someone changed in the product.
 */
import { dynamoUsersRepository } from '../../functions/adapters/dynamodb/users-repo';
import { type EnsureUserInput, ensureUser } from '../../functions/core/users/ensure-user';
import { logger } from '../../functions/http/logger';
import { passwords } from '../../functions/wiring/accounts';
import { DEMO_DEVELOPERS, DEMO_PASSWORD } from './demo-developers';

export async function seedAdmin(email: string, password: string): Promise<void> {
  if (!email.trim() || !password) throw new Error('seedAdmin: the admin e-mail and password must not be empty');
  const { user, created } = await ensureUser(
    {
      email,
      password,
      full_name: 'Administrator',
      company_name: '',
      role: 'admin',
      is_approved: true,
      email_verified: true,
    },
    dynamoUsersRepository,
    passwords,
  );
  if (created) logger.info('admin account created', { userId: user.id });
  else if (user.role !== 'admin') {
    // Never promote an existing account silently: someone else may have registered the address.
    logger.warn('the configured admin address belongs to a non-admin account; it was left unchanged', {
      userId: user.id,
    });
  }
}

/** A demo developer account with its fixed id, signing in with the demo password. */
export const ensureDemoAccount = (account: Omit<EnsureUserInput, 'password' | 'role'> & { id: string }) =>
  ensureUser({ ...account, password: DEMO_PASSWORD, role: 'developer' }, dynamoUsersRepository, passwords);

/**
 * A demo practice account (demo buyers and reviewers) with its fixed id, verified, signing in with
 * the demo password. One an earlier start created as a developer becomes a practice.
 */
export async function ensureDemoPracticeAccount(
  account: Omit<EnsureUserInput, 'password' | 'role' | 'is_approved'> & { id: string },
) {
  const { user } = await ensureUser(
    { ...account, password: DEMO_PASSWORD, role: 'practice', is_approved: true, email_verified: true },
    dynamoUsersRepository,
    passwords,
  );
  if (user.role === 'developer') await dynamoUsersRepository.convertToPractice(user.id);
}

/** The demo developers with their fixed ids (the catalogue seed refers to them), approved. */
export async function seedDemoDevelopers(): Promise<void> {
  for (const { id, email, full_name, company_name, website } of DEMO_DEVELOPERS) {
    await ensureDemoAccount({ id, email, full_name, company_name, website, is_approved: true, email_verified: true });
  }
}
