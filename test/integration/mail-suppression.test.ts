/**
 * An address that bounces or complains is not mailed again, and the admin sees it
 * and may lift it. Locally the runtime emulates SES's mailbox simulator (bounce@ and
 * complaint@simulator.amazonses.com answer with the event SES publishes through the configuration
 * set), so this runs the whole path: a real mail through the local SES, the event on the mail
 * queue, the suppression list in DynamoDB Local, the next mail skipped, the admin routes.
 */
import { randomUUID } from 'node:crypto';
import { SUPPRESSION_LIFTED, SUPPRESSION_NOT_FOUND, type SuppressedAddress } from '@shared/schemas/mail';
import { describe, expect, it, vi } from 'vitest';
import { dynamoSuppressionStore } from '../../functions/adapters/dynamodb/suppression-repo';
import { adminToken, api, mailsTo } from '../support/api';
import { must } from '../support/must';
import { queuesIdle } from '../support/queues';

const forgot = (email: string) => api('POST', '/api/forgot-password', { body: { email } });
const resetMails = async (email: string) => (await mailsTo(email)).filter((m) => /reset/i.test(m.subject));

async function suppressedList(token: string) {
  const res = await api<SuppressedAddress[]>('GET', '/api/admin/mail-suppressions', { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** Signs up with `email` (the sign-up mails a verification link to it) and signs in. */
async function newDeveloper({ email }: { email: string }) {
  const password = 'secret123';
  const reg = await api('POST', '/api/register', {
    body: { full_name: 'Bouncing Developer', email, password, company_name: 'Test Dental Co' },
  });
  expect(reg.status).toBeLessThan(300);
  const login = await api('POST', '/api/login', { body: { email, password } });
  expect(login.status).toBe(200);
  return { email, token: login.body.access_token as string };
}

/** Polls `check` (vi.waitFor) until it holds; fails naming `what` after 15 s. */
const waitUntil = (check: () => Promise<boolean>, what: string) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out after 15 s waiting for ${what}`);
    },
    { timeout: 15_000, interval: 100 },
  );

describe('mail suppression', () => {
  it('the admin list pages past its first page, newest first (X-Next-Cursor, Link rel=next)', async () => {
    const admin = await adminToken();
    const run = randomUUID().slice(0, 8);
    const base = Date.now() + 60_000; // newer than anything else on the list
    for (let i = 0; i < 3; i++) {
      await dynamoSuppressionStore.suppress({
        email: `paged${i}-${run}@example.com`,
        reason: 'bounce',
        detail: 'Permanent (General)',
        suppressed_at: new Date(base + i).toISOString(),
      });
    }
    const first = await api<SuppressedAddress[]>('GET', '/api/admin/mail-suppressions?limit=2', { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.map((s) => s.email)).toEqual([`paged2-${run}@example.com`, `paged1-${run}@example.com`]);
    const cursor = must(first.headers.get('x-next-cursor'), 'a next page');
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await api<SuppressedAddress[]>(
      'GET',
      `/api/admin/mail-suppressions?limit=2&cursor=${encodeURIComponent(cursor)}`,
      { token: admin },
    );
    expect(second.body[0]?.email).toBe(`paged0-${run}@example.com`);
    for (const bad of ['limit=0', 'limit=101', 'cursor=nonsense']) {
      const res = await api('GET', `/api/admin/mail-suppressions?${bad}`, { token: admin });
      expect(res.status, bad).toBe(400);
      expect(res.body.detail, bad).toBeTruthy();
    }
    for (let i = 0; i < 3; i++) await dynamoSuppressionStore.lift(`paged${i}-${run}@example.com`);
  });

  it('a hard bounce suppresses the address: no further mail until an admin lifts it', async () => {
    const address = `bounce+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;
    const admin = await adminToken();
    const dev = await newDeveloper({ email: address });
    expect(dev.email).toBe(address);

    // The sign-up's verification mail bounced: the address is on the list with what SES said.
    await waitUntil(async () => (await suppressedList(admin)).some((s) => s.email === address), 'suppression');
    const entry = (await suppressedList(admin)).find((s) => s.email === address);
    expect(entry).toMatchObject({ reason: 'bounce', detail: 'Permanent (General)' });
    expect(Date.parse(must(entry, 'the suppression').suppressed_at)).not.toBeNaN();

    // A password reset is answered as always, but no mail goes to the address.
    const before = (await mailsTo(address)).length;
    expect((await forgot(address)).status).toBe(200);
    await queuesIdle();
    expect((await mailsTo(address)).length).toBe(before);

    // Only admins see or change the list; bad input changes nothing.
    expect((await api('GET', '/api/admin/mail-suppressions', { token: dev.token })).status).toBe(403);
    expect((await api('GET', '/api/admin/mail-suppressions')).status).toBe(401);
    const bad = await api('POST', '/api/admin/mail-suppressions/lift', { token: admin, body: { email: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBeTruthy();
    const none = await api('POST', '/api/admin/mail-suppressions/lift', {
      token: admin,
      body: { email: `nobody-${randomUUID()}@example.com` },
    });
    expect(none).toMatchObject({ status: 404, body: { detail: SUPPRESSION_NOT_FOUND } });

    // Lifted (any case): the next reset mail is sent.
    const lifted = await api('POST', '/api/admin/mail-suppressions/lift', {
      token: admin,
      body: { email: address.toUpperCase() },
    });
    expect(lifted).toMatchObject({ status: 200, body: { message: SUPPRESSION_LIFTED } });
    expect((await suppressedList(admin)).some((s) => s.email === address)).toBe(false);
    const resetsBefore = (await resetMails(address)).length;
    expect((await forgot(address)).status).toBe(200);
    await waitUntil(async () => (await resetMails(address)).length > resetsBefore, 'the reset mail');
  }, 60_000);

  it('a complaint suppresses the address too; a delivered address is never listed', async () => {
    const admin = await adminToken();
    const complaining = `complaint+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;
    const fine = `success+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;
    await newDeveloper({ email: complaining });
    await newDeveloper({ email: fine });
    await waitUntil(async () => (await suppressedList(admin)).some((s) => s.email === complaining), 'suppression');
    // The mail events of both sign-ups have been handled (the mail queue): the delivered one listed nothing.
    await queuesIdle();
    const list = await suppressedList(admin);
    expect(list.find((s) => s.email === complaining)).toMatchObject({
      reason: 'complaint',
      detail: 'Complaint (abuse)',
    });
    expect(list.some((s) => s.email === fine)).toBe(false);
  }, 60_000);
});
