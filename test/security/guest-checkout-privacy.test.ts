/**
 * Guest checkout told anyone, without signing in, who bought what and who has an
 * account ("You already own a license for this app", `new_account` true/false), a guest "purchase"
 * of a free app with the admin's address put a licence into the admin's account, and every
 * unknown address got an (unapproved developer) account in the admin's approval queue.
 *
 * Now the answer is the same for every address, no account is created or attached, and the
 * purchase shows in an account only once that account's address is verified.
 */

import type { LoginResponse } from '@shared/schemas/accounts';
import type { CheckoutSession, Purchase, PurchaseSessionResult } from '@shared/schemas/checkout';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoUsersRepository } from '../../functions/adapters/dynamodb/users-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import {
  createFreeCodeApp,
  createPoolApp,
  getPurchase,
  insertCompleted,
  payTestCheckout,
} from '../integration/checkout-fixtures';
import {
  type ApiAnswer,
  adminToken,
  api,
  type JsonBody,
  newDeveloper,
  uniqueEmail,
  verifyEmailOf,
} from '../support/api';
import { TEST_ADMIN } from '../support/constants';

let paid: AppRecord;
let free: AppRecord;

beforeAll(async () => {
  const owner = await newDeveloper();
  paid = await createPoolApp(owner.id, 'guest-privacy-paid', 4, { price_cents: 2500 });
  free = await createFreeCodeApp(owner.id, 'guest-privacy-free', 'FREE-PRIVACY');
});

const guest = (appId: string, email: string) =>
  api<CheckoutSession>('POST', '/api/stripe/create-guest-checkout-session', { body: { app_id: appId, email } });

/** What an answer says once the per-request random parts (session ids) are blanked out. */
function shape(res: ApiAnswer<unknown>) {
  const body = (res.body ?? {}) as JsonBody;
  return {
    status: res.status,
    keys: Object.keys(body).sort(),
    new_account: body.new_account,
    detail: body.detail,
    url: typeof body.checkout_url === 'string' ? body.checkout_url.replace(/[A-Za-z0-9_-]{20,}/g, '<id>') : null,
  };
}

describe('guest checkout reveals nothing about an address (item 7)', () => {
  it('answers an address with an account and a licence exactly like an unknown one', async () => {
    // A practice with an account that already holds a licence of the paid app.
    const holder = await newDeveloper();
    await insertCompleted(paid, holder, { license_key: `KEY-${paid.id}-held` });
    const answers = {
      holder: shape(await guest(paid.id, holder.email)),
      admin: shape(await guest(paid.id, TEST_ADMIN.email)),
      unknown: shape(await guest(paid.id, uniqueEmail('nobody'))),
      holderFree: shape(await guest(free.id, holder.email)),
      unknownFree: shape(await guest(free.id, uniqueEmail('nobody'))),
    };
    const differs = JSON.stringify(answers.holder) !== JSON.stringify(answers.unknown);
    console.info(`[item 7] ownership answer differs by address: ${differs ? 'yes' : 'no'}`);
    expect(answers.holder).toEqual(answers.unknown);
    expect(answers.admin).toEqual(answers.unknown);
    expect(answers.holderFree).toEqual(answers.unknownFree);
    expect(answers.unknown.status).toBe(200);
    expect(answers.unknown.new_account).toBe(true);
  });

  it('creates no account for guest buyers, so none reaches the approval queue', async () => {
    const addresses = Array.from({ length: 10 }, () => uniqueEmail('guest-buyer'));
    for (const [i, email] of addresses.entries()) {
      expect((await guest(i % 2 ? free.id : paid.id, email)).status).toBe(200);
    }
    const created = (await Promise.all(addresses.map((e) => dynamoUsersRepository.findByEmail(e)))).filter(Boolean);
    console.info(`[item 7] accounts created by 10 guest checkouts: ${created.length}`);
    expect(created).toHaveLength(0);
    const users = await api('GET', '/api/admin/users', { token: await adminToken() });
    expect(users.status).toBe(200);
    expect(JSON.stringify(users.body)).not.toMatch(/guest-buyer-/);
  });

  it("a guest 'purchase' with the admin's address puts nothing into the admin's account", async () => {
    const admin = await adminToken();
    const before = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token: admin });
    expect((await guest(free.id, TEST_ADMIN.email)).status).toBe(200);
    const after = await api('GET', '/api/stripe/my-purchases', { token: admin });
    expect(after.status).toBe(200);
    expect(after.body).toHaveLength(before.body.length);
  });

  it('the buyer sees a paid guest purchase after signing up with the address, once it is verified', async () => {
    const email = uniqueEmail('later');
    const res = await guest(paid.id, email);
    const { pay } = await payTestCheckout(res.body.checkout_url);
    expect(pay.status).toBe(303);
    const done = await api<PurchaseSessionResult>('GET', `/api/stripe/purchase/${res.body.session_id}`);
    expect(done.status).toBe(200);
    expect((await getPurchase(done.body.id)).buyer_email).toBe(email);

    // An account for the address, not verified yet: the purchase does not show (anyone can sign up with any address).
    const reg = await api('POST', '/api/register', {
      body: { full_name: 'Later Buyer', email, password: 'secret123', company_name: 'Practice' },
    });
    expect(reg.status).toBeLessThan(300);
    const login = await api<LoginResponse>('POST', '/api/login', { body: { email, password: 'secret123' } });
    const token = login.body.access_token;
    expect((await api('GET', '/api/stripe/my-purchases', { token })).body).toHaveLength(0);
    const invoice = await api('GET', `/api/stripe/purchases/${done.body.id}/invoice`, { token });
    expect(invoice.status).toBe(404);

    await verifyEmailOf(email);
    const mine = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token });
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]?.app.id).toBe(paid.id);
    expect((await api('GET', `/api/stripe/purchases/${done.body.id}/invoice`, { token })).status).toBe(200);
  });
});
