import { MSG } from '@shared/messages';
import { API_KEY_NOT_FOUND, PRODUCTION_KEY_ACTIVE } from '@shared/schemas/keys';
import { INVALID_API_KEY, PENDING_API_KEY } from '@shared/schemas/partner';
import { assert, describe, expect, it } from 'vitest';
import { type AppError, NotFoundError, UnauthorizedError } from '../errors';
import { createApiKeysService, DailyQuotaExceededError } from './api-keys-service';
import { aUser, memoryKeys, memoryUsers, testHandover } from './testing';

function setup(now = new Date('2025-05-05T12:00:00Z')) {
  const dev = aUser();
  const approved = aUser({ is_approved: true });
  const other = aUser();
  const keys = memoryKeys();
  const users = memoryUsers([dev, approved, other]);
  const service = createApiKeysService({ keys, users, handover: testHandover, now: () => now });
  return { dev, approved, other, keys, users, service };
}

const rejection = async (p: Promise<unknown>) => p.then(() => undefined).catch((e: unknown) => e as AppError);

describe('API keys service', () => {
  it('creates an active staging key (500/day) and a pending production key (10,000/day)', async () => {
    const { dev, service } = setup();
    const staging = await service.create(dev.id, 'staging');
    expect(staging).toMatchObject({ type: 'staging', is_active: true, limit: 500, status: 'active' });
    expect(staging.message).toBe(MSG.stagingKeyCreated);
    expect(staging.key).toMatch(/^dk_[0-9A-Za-z]{4}_test_[0-9A-Za-z]{40}$/);
    const production = await service.create(dev.id, 'production');
    expect(production).toMatchObject({ type: 'production', is_active: false, limit: 10_000 });
    expect(production.status).toBe('pending_approval');
    expect(production.message).toBe(MSG.productionKeyCreated);

    const list = await service.listOwn(dev.id);
    expect(list.map((k) => k.id)).toEqual(expect.arrayContaining([staging.id, production.id]));
    for (const k of list) {
      expect(k.key).toHaveLength(20);
      expect(JSON.stringify(list)).not.toContain(staging.key);
    }
  });

  it('activates a production key at once for an approved developer, with a message that says so', async () => {
    const { approved, service } = setup();
    const key = await service.create(approved.id, 'production');
    expect(key.is_active).toBe(true);
    expect(key.message).toBe(PRODUCTION_KEY_ACTIVE);
  });

  it('authenticates by hash; rotation and deletion revoke at once', async () => {
    const { dev, service } = setup();
    const created = await service.create(dev.id, 'staging');
    expect((await service.authenticate(created.key)).id).toBe(created.id);

    const rotated = await service.rotateOwn(dev.id, created.id);
    expect(rotated.key).not.toBe(created.key);
    expect(rotated.message).toBe(MSG.keyRotated);
    expect((await rejection(service.authenticate(created.key)))?.message).toBe(INVALID_API_KEY);
    expect((await service.authenticate(rotated.key)).id).toBe(created.id);

    await service.deleteOwn(dev.id, created.id);
    const err = await rejection(service.authenticate(rotated.key));
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(err?.message).toBe(INVALID_API_KEY);
  });

  it('refuses malformed and unknown keys without telling them apart', async () => {
    const { service } = setup();
    for (const bad of [undefined, '', 'nope', `dk_live_${'x'.repeat(40)}`]) {
      expect((await rejection(service.authenticate(bad)))?.message).toBe(INVALID_API_KEY);
    }
  });

  it('refuses a pending production key with its own message, and heals it once the owner is approved', async () => {
    const { dev, users, service } = setup();
    const key = await service.create(dev.id, 'production');
    const err = await rejection(service.authenticate(key.key));
    expect(err?.status).toBe(401);
    expect(err?.message).toBe(PENDING_API_KEY);
    await users.setApproved(dev.id, true);
    expect((await service.authenticate(key.key)).is_active).toBe(true);
  });

  it("hides another developer's keys behind 404", async () => {
    const { dev, other, service } = setup();
    const key = await service.create(dev.id, 'staging');
    for (const attempt of [service.rotateOwn(other.id, key.id), service.deleteOwn(other.id, key.id)]) {
      const err = await rejection(attempt);
      expect(err).toBeInstanceOf(NotFoundError);
      expect(err?.message).toBe(API_KEY_NOT_FOUND);
    }
    expect(await service.listOwn(other.id)).toEqual([]);
    expect((await service.authenticate(key.key)).id).toBe(key.id);
  });

  it('admits exactly the limit, then 429 with Retry-After until UTC midnight', async () => {
    const { dev, keys, service } = setup(new Date('2025-05-05T23:00:00Z'));
    const created = await service.create(dev.id, 'staging');
    const record = keys.byId.get(created.id);
    assert(record, 'the stored key');
    record.limit = 3;
    const key = await service.authenticate(created.key);
    const results = await Promise.all(Array.from({ length: 5 }, () => rejection(service.admit(key))));
    const admitted = results.filter((r) => r === undefined).length;
    expect(admitted).toBe(3);
    const refused = results.filter((r) => r instanceof DailyQuotaExceededError) as AppError[];
    expect(refused).toHaveLength(2);
    expect(refused[0]?.status).toBe(429);
    expect(refused[0]?.message).toBe('Daily request limit of 3 reached for this key');
    expect(refused[0]?.headers).toMatchObject({
      'Retry-After': '3600',
      'X-RateLimit-Limit': '3',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Date.parse('2025-05-06T00:00:00Z') / 1000),
    });
    expect((await service.listOwn(dev.id))[0]?.usage_count).toBe(3);
  });

  it('enter() authenticates and counts in one step: 401 for unknown or pending keys, healing once approved', async () => {
    const { dev, users, keys, service } = setup();
    expect((await rejection(service.enter('dk_test_nope')))?.message).toBe(INVALID_API_KEY);
    expect((await rejection(service.enter(undefined)))?.status).toBe(401);
    const staging = await service.create(dev.id, 'staging');
    const entered = await service.enter(` ${staging.key} `);
    expect(entered.key.id).toBe(staging.id);
    expect(entered.quota).toMatchObject({ limit: 500, used: 1, remaining: 499 });
    expect((await service.enter(staging.key)).quota.used).toBe(2);

    const production = await service.create(dev.id, 'production');
    const pending = await rejection(service.enter(production.key));
    expect(pending).toBeInstanceOf(UnauthorizedError);
    expect(pending?.message).toBe(PENDING_API_KEY);
    const owner = users.all.get(dev.id);
    assert(owner, 'the stored developer');
    owner.is_approved = true;
    const healed = await service.enter(production.key);
    expect(healed.key.id).toBe(production.id);
    expect(keys.byId.get(production.id)?.is_active).toBe(true);
    expect(healed.quota).toMatchObject({ limit: 10_000, used: 1 });

    const rotated = await service.rotateOwn(dev.id, staging.id);
    expect((await rejection(service.enter(staging.key)))?.message).toBe(INVALID_API_KEY);
    expect((await service.enter(rotated.key)).quota.used).toBe(3); // the day's count stays with the key
  });
});
