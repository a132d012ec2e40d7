/** Accounts a test writes straight to the table, as the system's own jobs write them (not through the API). */
import { randomUUID } from 'node:crypto';
import { dynamoUsersRepository } from '../../functions/adapters/dynamodb/users-repo';
import { uniqueEmail } from './api';

/** An account imported from the legacy system that has not set its password (as legacy_users writes it). */
export async function invitedAccount(idPrefix = 'invited'): Promise<{ id: string; email: string }> {
  const id = `${idPrefix}-${randomUUID()}`;
  const email = uniqueEmail('invited');
  await dynamoUsersRepository.create(
    {
      id,
      email,
      full_name: 'Invited Developer',
      company_name: 'Legacy Dental Co',
      website: null,
      role: 'developer',
      is_approved: false,
      invited: true,
      linked_emails: [],
      created_at: new Date().toISOString(),
      auth_provider: 'password',
      email_verified: false,
      token_version: 0,
    },
    null,
  );
  return { id, email };
}
