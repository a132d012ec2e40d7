/**
 * Issue 30, finding 7 (low): an e-mail change kept `email_verified`. A verified admin who changed
 * their address to a guest buyer's saw that buyer's licence keys on My Purchases (guest purchases
 * show to the verified holder of their address), and sessions issued under the old address stayed
 * valid. Now a change of address clears verification, mails the new address a verification link
 * and moves the token version on (every session ends; the holder signs in again).
 */
import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@shared/schemas/accounts';
import type { Purchase } from '@shared/schemas/checkout';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../../bin/seed/admin';
import type { AppRecord } from '../../functions/core/apps/app';
import { guestBuyerId } from '../../functions/core/purchases/purchase';
import { createFreeCodeApp, insertCompleted } from '../integration/checkout-fixtures';
import { api, mailsTo, newDeveloper, uniqueEmail } from '../support/api';

let app: AppRecord;

beforeAll(async () => {
  const owner = await newDeveloper();
  app = await createFreeCodeApp(owner.id, 'email-change', 'EMAIL-CHANGE');
});

const signIn = (email: string, password: string) =>
  api<LoginResponse>('POST', '/api/login', { body: { email, password } });

describe("an admin's change of address", () => {
  it("does not carry verification over to the new address (no guest buyer's licences)", async () => {
    const buyer = uniqueEmail('guest-buyer');
    const licence = `LIC-${randomUUID()}`;
    await insertCompleted(app, { id: guestBuyerId(buyer), email: buyer }, { license_key: licence });

    const adminEmail = uniqueEmail('second-admin');
    const password = 'Second-admin-pass-77';
    await seedAdmin(adminEmail, password);
    const before = await signIn(adminEmail, password);
    expect(before.status).toBe(200);

    const change = await api('PUT', '/api/admin/profile', {
      token: before.body.access_token,
      body: { full_name: 'Second Admin', email: buyer },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);

    // The session issued under the old address has ended.
    const old = await api('GET', '/api/admin/profile', { token: before.body.access_token });
    console.info(`item 7: the session from before the change answers ${old.status}`);
    expect(old.status).toBe(401);

    const after = await signIn(buyer, password);
    expect(after.status).toBe(200);
    const profile = await api('GET', '/api/user/profile', { token: after.body.access_token });
    expect(profile.body.email_verified).toBe(false);
    const mine = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token: after.body.access_token });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain(licence);
    expect(mine.body).toHaveLength(0);

    // The new address gets a verification link; following it shows the address's purchases.
    await expect
      .poll(async () => (await mailsTo(buyer)).some((m) => /\/verify-email\?token=/.test(m.text ?? '')), {
        timeout: 10_000,
      })
      .toBe(true);
  });
});
