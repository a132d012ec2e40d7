/**
 * Admin accounts of a test's own, written as the seed writes the configured admin (ensureUser):
 * a test that changes an admin's profile or password leaves the shared test admin alone.
 */
import { dynamoUsersRepository } from '../../functions/adapters/dynamodb/users-repo';
import { ensureUser } from '../../functions/core/users/ensure-user';
import { passwords } from '../../functions/wiring/accounts';

/** An approved admin named "Second Admin" with this address and password. */
export async function secondAdmin(email: string, password: string): Promise<void> {
  await ensureUser(
    { email, password, full_name: 'Second Admin', company_name: '', role: 'admin', is_approved: true },
    dynamoUsersRepository,
    passwords,
  );
}
