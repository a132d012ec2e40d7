/**
 * Issue 28: the licence mail carries a link a guest follows to see an app's access and revoke it
 * without signing in (core/installs/access-links.ts). The link's token alone authorises reading and
 * revoking that one install: a changed token, an expired one, or another install's id is refused
 * with a 4xx and changes nothing.
 */

import { type BuyerInstall, INSTALL_MESSAGES } from '@shared/schemas/installs';
import { beforeAll, expect, it } from 'vitest';
import { updateItem } from '../../functions/adapters/dynamodb/dynamo';
import { dynamoInstallStore } from '../../functions/adapters/dynamodb/installs-repo';
import { installKeys } from '../../functions/adapters/dynamodb/keys';
import { dynamoPermissionsStore } from '../../functions/adapters/dynamodb/permissions-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import type { PurchaseRecord } from '../../functions/core/purchases/purchase';
import { buyLicence, createApp, poolKeysFor, testApp, waitForMail } from '../integration/checkout-fixtures';
import { api, approvedDeveloper, uniqueEmail } from '../support/api';
import { must } from '../support/must';

let app: AppRecord;
const guests: Array<{ purchase: PurchaseRecord; token: string }> = [];

/** A guest buys the app accepting its permissions; answers the purchase and its licence mail's access token. */
async function guestBuys() {
  const email = uniqueEmail('practice');
  const purchase = await buyLicence(app, { email });
  const [mail] = await waitForMail(email, (m) => /app-access\?token=/.test(m.text ?? ''));
  const token = decodeURIComponent(must(/app-access\?token=(\S+)/.exec(mail?.text ?? '')?.[1], 'the access link'));
  return { purchase, token };
}

const stored = (p: PurchaseRecord) => dynamoInstallStore.get(p.user_id, p.app_id).then((i) => must(i, 'install'));
const open = (token: string) =>
  api<BuyerInstall & { detail?: string }>('POST', '/api/install-link', { body: { token } });
const revoke = (token: string, install_id: string) =>
  api<BuyerInstall & { detail?: string }>('POST', '/api/install-link/revoke', { body: { token, install_id } });

beforeAll(async () => {
  const dev = await approvedDeveloper();
  app = testApp(dev.id, 'access-link', { is_approved: true, type: 'public' });
  await createApp(app, poolKeysFor(app, 5));
  await dynamoPermissionsStore.put(app.id, {
    features: [],
    event_types: [{ id: 'appointment.created', description: 'New appointments' }],
    baa_signed: false,
    baa_url: null,
    updated_at: new Date().toISOString(),
  });
  guests.push(await guestBuys(), await guestBuys());
}, 120_000);

it("the licence mail's link opens its own install; changed, expired or another install's id is refused and nothing changes", async () => {
  const [a, b] = [must(guests[0]), must(guests[1])];
  const [installA, installB] = [await stored(a.purchase), await stored(b.purchase)];

  const opened = await open(a.token);
  expect(opened.status).toBe(200);
  expect(opened.body).toMatchObject({ id: installA.id, status: 'active', app: { id: app.id } });
  expect(JSON.stringify(opened.body)).not.toContain(a.purchase.buyer_email);

  const [where, secret] = a.token.split('.') as [string, string];
  const otherWhere = must(b.token.split('.')[0]);
  const flipped = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
  for (const forged of [`${where}.${flipped}`, `${otherWhere}.${secret}`, where, 'x'.repeat(64)]) {
    for (const res of [await open(forged), await revoke(forged, installA.id), await revoke(forged, installB.id)]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: INSTALL_MESSAGES.linkInvalid });
    }
  }
  // A's token, B's install: refused.
  const cross = await revoke(a.token, installB.id);
  expect(cross.status).toBe(404);
  expect(cross.body).toEqual({ detail: INSTALL_MESSAGES.notFound });

  // B's link, expired.
  await updateItem(installKeys.install(b.purchase.user_id, app.id), {
    UpdateExpression: 'SET access_link.expires_at = :t',
    ExpressionAttributeValues: { ':t': Math.floor(Date.now() / 1000) - 1 },
  });
  expect((await open(b.token)).status).toBe(400);
  expect((await revoke(b.token, installB.id)).status).toBe(400);

  expect(await stored(a.purchase)).toEqual(installA);
  expect((await stored(b.purchase)).status).toBe('active');
  expect((await stored(b.purchase)).updated_at).toBe(installB.updated_at);

  // The link's own install: revoked, the other untouched.
  const done = await revoke(a.token, installA.id);
  expect(done.status).toBe(200);
  expect(done.body).toMatchObject({ id: installA.id, status: 'revoked', revoked_at: expect.any(String) });
  expect((await stored(a.purchase)).status).toBe('revoked');
  expect((await stored(b.purchase)).status).toBe('active');
});
