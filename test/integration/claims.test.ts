/**
 * The "Create your practice account" link's failure cases over HTTP (core/users/practice-claims.ts):
 * it works once, it expires, it never takes over an address an account already holds (even an
 * unverified one: nothing changes and nobody is signed in), and an admin cannot attach it. The links
 * are issued as the licence mails issue them (createClaimLinks over the table); the successful
 * create and attach paths are in practice-event-routing.test.ts.
 */
import { CLAIM_ACCOUNT_EXISTS, CLAIM_LINK_INVALID, type LoginResponse } from '@shared/schemas/accounts';
import { describe, expect, it } from 'vitest';
import { dynamoClaimTokens, dynamoUsersRepository } from '../../functions/adapters/dynamodb/users-repo';
import { createClaimLinks } from '../../functions/core/users/practice-claims';
import { adminToken, api, apiUrl, newDeveloper, newPractice, uniqueEmail } from '../support/api';
import { must } from '../support/must';

const DAY_MS = 86_400_000;

/** The token of a claim link for `email`, issued `daysAgo` days ago and valid for `validDays`. */
async function claimToken(email: string, opts: { daysAgo?: number; validDays?: number } = {}): Promise<string> {
  const issuedAt = new Date(Date.now() - (opts.daysAgo ?? 0) * DAY_MS);
  const links = createClaimLinks({
    tokens: dynamoClaimTokens,
    appUrl: apiUrl(),
    ttlSeconds: (opts.validDays ?? 30) * 86_400,
    now: () => issuedAt,
  });
  const link = new URL(await links.linkFor(email));
  return must(link.searchParams.get('token'), 'the claim token');
}

const claim = (token: string, password: string, company = 'Riverside Dental') =>
  api<Partial<LoginResponse> & { detail?: string }>('POST', '/api/claim-account', {
    body: { token, password, company_name: company, full_name: 'Front Desk' },
  });
const preview = (token: string) => api('POST', '/api/claim-account/preview', { body: { token } });
const login = (email: string, password: string) => api('POST', '/api/login', { body: { email, password } });

describe('claim link failure cases', () => {
  it('works once: the same link again is refused and changes nothing', async () => {
    const email = uniqueEmail('claim-once');
    const token = await claimToken(email);
    const created = await claim(token, 'first-chosen-pass1');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.role).toBe('practice');

    const again = await claim(token, 'second-chosen-pass1', 'Someone Else Dental');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: CLAIM_LINK_INVALID });
    expect((await preview(token)).status).toBe(400);
    expect((await login(email, 'second-chosen-pass1')).status).toBe(401);
    expect((await login(email, 'first-chosen-pass1')).status).toBe(200);
    expect((await dynamoUsersRepository.findByEmail(email))?.company_name).toBe('Riverside Dental');
  });

  it('expires: an old link is refused and creates no account', async () => {
    const email = uniqueEmail('claim-expired');
    const token = await claimToken(email, { daysAgo: 8, validDays: 7 });
    const seen = await preview(token);
    expect(seen.status).toBe(400);
    expect(seen.body).toEqual({ detail: CLAIM_LINK_INVALID });
    const refused = await claim(token, 'chosen-password1');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: CLAIM_LINK_INVALID });
    expect(await dynamoUsersRepository.findByEmail(email)).toBeUndefined();
    // The same address with a fresh link is fine: only the old link was refused.
    expect((await claim(await claimToken(email), 'chosen-password1')).status).toBe(201);
  });

  it('answers 409 when an unverified account holds the address: nothing changes and nobody is signed in', async () => {
    const holder = await newDeveloper({}, { verified: false });
    const before = await dynamoUsersRepository.findCredentials(holder.email);
    const token = await claimToken(holder.email);
    const seen = await preview(token);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ email: holder.email, account_exists: true });

    const refused = await claim(token, 'takeover-pass1');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: CLAIM_ACCOUNT_EXISTS });
    expect(await dynamoUsersRepository.findCredentials(holder.email)).toEqual(before);
    expect(before?.user).toMatchObject({ role: 'developer', email_verified: false });
    expect((await login(holder.email, 'takeover-pass1')).status).toBe(401);
    expect((await login(holder.email, holder.password)).status).toBe(200);
  });

  it('refuses an admin attaching it (403); the link stays usable by a buyer', async () => {
    const email = uniqueEmail('claim-admin');
    const token = await claimToken(email);
    const admin = await adminToken();
    const refused = await api('POST', '/api/claim-account/attach', { token: admin, body: { token } });
    expect(refused.status).toBe(403);
    expect(await dynamoUsersRepository.findByEmail(email)).toBeUndefined();

    const practice = await newPractice();
    const attached = await api<{ outcome: string }>('POST', '/api/claim-account/attach', {
      token: practice.token,
      body: { token },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body.outcome).toBe('linked');
    expect((await dynamoUsersRepository.findById(practice.id))?.linked_emails).toEqual([email]);
  });
});
