/**
 * Admin accounts of a test's own, written as the seed writes the configured admin (ensureUser):
 * a test that changes an admin's profile or password leaves the shared test admin alone.
 */
import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@shared/schemas/accounts';
import { seedAdmin } from '../../bin/seed/admin';
import { dynamoUsersRepository } from '../../functions/adapters/dynamodb/users-repo';
import { ensureUser } from '../../functions/core/users/ensure-user';
import { passwords } from '../../functions/wiring/accounts';
import { api, uniqueEmail } from './api';

/** An approved admin named "Second Admin" with this address and password. */
export async function secondAdmin(email: string, password: string): Promise<void> {
  await ensureUser(
    { email, password, full_name: 'Second Admin', company_name: '', role: 'admin', is_approved: true },
    dynamoUsersRepository,
    passwords,
  );
}

/**
 * A new admin, seeded as the configured one is (bin/seed/admin.ts) at a fresh `<prefix>-…` address
 * and signed in: its audit entries, found by its address, are this test's alone.
 */
export async function signedInAdmin(prefix: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(prefix);
  const password = `Admin-${randomUUID()}`;
  await seedAdmin(email, password);
  const res = await api<LoginResponse>('POST', '/api/admin-login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, token: res.body.access_token };
}
