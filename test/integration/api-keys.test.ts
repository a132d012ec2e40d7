/**
 * The API keys of the developer dashboard over HTTP (DynamoDB Local): create, list, rotate and
 * delete; staging active at once, production pending until the owner is approved; the full key
 * shown only on create and rotate; other developers' keys invisible. Every test uses fresh accounts.
 */

import { MSG } from '@shared/messages';
import { API_KEY_NOT_FOUND, type ApiKey, type ApiKeyWithSecret, KEY_TYPE_INVALID } from '@shared/schemas/keys';
import { INVALID_API_KEY, type PartnerMe, PENDING_API_KEY } from '@shared/schemas/partner';
import { describe, expect, it } from 'vitest';
import { type ApiAnswer, adminToken, api, mailsTo, mailsWithSubject, newDeveloper } from '../support/api';
import { must } from '../support/must';
import { queuesIdle } from '../support/queues';

const createKey = (token: string, type: string) =>
  api<ApiKeyWithSecret>('POST', '/api/keys', { token, body: { type } });
const listKeys = (token: string) => api<ApiKey[]>('GET', '/api/keys', { token });
const me = (key: string) => api<PartnerMe>('GET', '/v1/me', { headers: { 'x-api-key': key } });

/**
 * What creating a key answers, by type: staging works at once (500 calls a day), production waits
 * for approval (10,000 a day); the full key, of the type's form, is shown this once.
 */
const NEW_KEY = {
  staging: { is_active: true, limit: 500, status: 'active', message: MSG.stagingKeyCreated, form: 'test' },
  production: {
    is_active: false,
    limit: 10_000,
    status: 'pending_approval',
    message: MSG.productionKeyCreated,
    form: 'live',
  },
} as const;

/** Creates a key of `type` and checks its answer against NEW_KEY. */
async function createChecked(token: string, type: keyof typeof NEW_KEY) {
  const { form, ...fields } = NEW_KEY[type];
  const res = await createKey(token, type);
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ type, usage_count: 0, ...fields });
  expect(res.body.key).toMatch(new RegExp(`^dk_[0-9A-Za-z]{4}_${form}_[0-9A-Za-z]{40}$`));
  expect(res.body.prefix).toBe(res.body.key.slice(0, 20));
  return res;
}

/** Every answer received after a key was created, to prove none of them repeats a full key. */
function recorder() {
  const seen: ApiAnswer<unknown>[] = [];
  return {
    seen,
    async record<T>(p: Promise<ApiAnswer<T>>): Promise<ApiAnswer<T>> {
      const res = await p;
      seen.push(res);
      return res;
    },
    assertNeverContains(fullKeys: string[]) {
      for (const res of seen) {
        const text = JSON.stringify(res.body) + JSON.stringify([...res.headers.entries()]);
        for (const key of fullKeys) expect(text).not.toContain(key);
      }
    },
  };
}

describe('API key lifecycle', () => {
  it('creates an active staging key (500/day) and a pending production key (10,000/day)', async () => {
    const dev = await newDeveloper();
    const staging = await createChecked(dev.token, 'staging');
    const production = await createChecked(dev.token, 'production');

    const rec = recorder();
    // The staging key works at once; the production key is refused until approval.
    const meStaging = await rec.record(me(staging.body.key));
    expect(meStaging.status).toBe(200);
    const meProd = await rec.record(me(production.body.key));
    expect(meProd.status).toBe(401);
    expect(meProd.body).toEqual({ detail: PENDING_API_KEY });

    const list = await rec.record(listKeys(dev.token));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    // Newest first; the key column holds the prefix only and says its type.
    expect(list.body.map((k) => k.id)).toEqual([production.body.id, staging.body.id]);
    const [prodRow, stagingRow] = [must(list.body[0], 'the production key'), must(list.body[1], 'the staging key')];
    expect(stagingRow).toEqual({
      id: staging.body.id,
      key: staging.body.prefix,
      prefix: staging.body.prefix,
      type: 'staging',
      is_active: true,
      limit: 500,
      usage_count: 1,
      created_at: staging.body.created_at,
      status: 'active',
      replacement_ready: false,
    });
    expect(prodRow.key).toMatch(/^dk_[0-9A-Za-z]{4}_live_[0-9A-Za-z]{7}$/);
    // The compact view's first 8 characters tell the two keys apart (spec section 2).
    expect(stagingRow.key.slice(0, 8)).not.toBe(prodRow.key.slice(0, 8));
    expect(prodRow).toMatchObject({ is_active: false, status: 'pending_approval', usage_count: 0 });
    rec.assertNeverContains([staging.body.key, production.body.key]);
  });

  it('counts real usage per key and day', async () => {
    const dev = await newDeveloper();
    const key = await createKey(dev.token, 'staging');
    for (let i = 0; i < 3; i++) expect((await me(key.body.key)).status).toBe(200);
    const list = await listKeys(dev.token);
    expect(must(list.body[0]).usage_count).toBe(3);
  });

  it('rotation shows a new full key once and revokes the old one at once', async () => {
    const dev = await newDeveloper();
    const rec = recorder();
    const created = await createKey(dev.token, 'staging');
    expect((await rec.record(me(created.body.key))).status).toBe(200);

    const rotated = await api<ApiKeyWithSecret>('PUT', `/api/keys/${created.body.id}/rotate`, { token: dev.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({
      id: created.body.id,
      type: 'staging',
      is_active: true,
      message: MSG.keyRotated,
    });
    expect(rotated.body.key).toMatch(/^dk_[0-9A-Za-z]{4}_test_[0-9A-Za-z]{40}$/);
    expect(rotated.body.key).not.toBe(created.body.key);

    const old = await rec.record(me(created.body.key));
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ detail: INVALID_API_KEY });
    expect(old.headers.get('x-ratelimit-limit')).toBeNull();
    expect((await rec.record(me(rotated.body.key))).status).toBe(200);

    const list = await rec.record(listKeys(dev.token));
    expect(list.body).toHaveLength(1);
    expect(must(list.body[0]).key).toBe(rotated.body.key.slice(0, 20));
    rec.assertNeverContains([created.body.key, rotated.body.key]);
  });

  it('deletes a key and its secret', async () => {
    const dev = await newDeveloper();
    const created = await createKey(dev.token, 'staging');
    const del = await api('DELETE', `/api/keys/${created.body.id}`, { token: dev.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: MSG.keyDeleted });
    expect((await listKeys(dev.token)).body).toEqual([]);
    expect((await me(created.body.key)).status).toBe(401);
    const again = await api('DELETE', `/api/keys/${created.body.id}`, { token: dev.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ detail: API_KEY_NOT_FOUND });
    expect((await api('PUT', `/api/keys/${created.body.id}/rotate`, { token: dev.token })).status).toBe(404);
  });

  it.each([[{ type: 'live' }], [{ type: 'PRODUCTION' }], [{}], [{ type: 1 }]])(
    'refuses %j with 400 and a detail',
    async (body) => {
      const dev = await newDeveloper();
      const res = await api('POST', '/api/keys', { token: dev.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: KEY_TYPE_INVALID });
      expect((await listKeys(dev.token)).body).toEqual([]);
    },
  );
});

describe("another developer's keys", () => {
  it('cannot be seen, rotated or deleted (404), and keep working', async () => {
    const owner = await newDeveloper();
    const intruder = await newDeveloper();
    const key = await createKey(owner.token, 'staging');
    const rec = recorder();

    expect((await rec.record(listKeys(intruder.token))).body).toEqual([]);
    const rotate = await rec.record(api('PUT', `/api/keys/${key.body.id}/rotate`, { token: intruder.token }));
    expect(rotate.status).toBe(404);
    expect(rotate.body).toEqual({ detail: API_KEY_NOT_FOUND });
    const del = await rec.record(api('DELETE', `/api/keys/${key.body.id}`, { token: intruder.token }));
    expect(del.status).toBe(404);
    expect(del.body).toEqual({ detail: API_KEY_NOT_FOUND });

    expect((await me(key.body.key)).status).toBe(200);
    expect(must((await listKeys(owner.token)).body[0]).key).toBe(key.body.prefix);
    rec.assertNeverContains([key.body.key]);
  });
});

describe('developer approval and production keys', () => {
  it('activates pending production keys and mails the developer once', async () => {
    const dev = await newDeveloper();
    const admin = await adminToken();
    const prod = await createKey(dev.token, 'production');
    expect(prod.body.is_active).toBe(false);
    expect((await me(prod.body.key)).status).toBe(401);

    const approve = await api('POST', '/api/approve-user', { token: admin, body: { email: dev.email.toUpperCase() } });
    expect(approve.status).toBe(200);
    expect(approve.body).toEqual({ message: MSG.userApproved(dev.email) });

    const list = await listKeys(dev.token);
    expect(list.body[0]).toMatchObject({ id: prod.body.id, is_active: true, status: 'active', limit: 10_000 });
    const call = await me(prod.body.key);
    expect(call.status).toBe(200);
    expect(call.body.key).toMatchObject({ type: 'production', limit: 10_000 });
    expect(call.body.owner.is_approved).toBe(true);

    const mails = await mailsWithSubject(dev.email, 'Your developer account has been approved');
    expect(mails).toHaveLength(1);
    expect(must(mails[0]).text).toContain('/dashboard/api-keys');

    // Approving again is harmless: same answer, no second mail.
    const twice = await api('POST', '/api/approve-user', { token: admin, body: { email: dev.email } });
    expect(twice.status).toBe(200);
    await queuesIdle();
    expect(
      (await mailsTo(dev.email)).filter((m) => m.subject === 'Your developer account has been approved'),
    ).toHaveLength(1);

    // After approval a new production key is active at once.
    const later = await createKey(dev.token, 'production');
    expect(later.body).toMatchObject({ is_active: true, status: 'active' });
    expect((await me(later.body.key)).status).toBe(200);
  });
});
