import { MSG } from '@shared/messages';
import { ADMIN_NO_APPROVAL, INVITED_NO_APPROVAL, PRACTICE_NO_APPROVAL } from '@shared/schemas/admin-users';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors';
import type { OutgoingMail } from '../users/ports';
import { ADMIN_ROTATION_MAIL_SUBJECT, APPROVAL_MAIL_SUBJECT } from './api-key-mails';
import { createApiKeysService } from './api-keys-service';
import { createDeveloperAdminService } from './developer-admin';
import { aUser, memoryKeys, memoryUsers, testHandover } from './testing';

function setup() {
  const dev = aUser({ email: 'dev@example.com' });
  const admin = aUser({ role: 'admin', is_approved: true, email: 'admin@example.com' });
  const keys = memoryKeys();
  const users = memoryUsers([dev, admin]);
  const apiKeys = createApiKeysService({ keys, users, handover: testHandover });
  const mails: OutgoingMail[] = [];
  const service = createDeveloperAdminService({
    users,
    directory: users,
    keys,
    apiKeys,
    logs: { recentForOwner: async () => [] },
    mailer: { sendMail: async (m) => void mails.push(m) },
    appUrl: 'https://market.example.com',
  });
  return { dev, admin, keys, users, apiKeys, mails, service };
}

const rejection = async (p: Promise<unknown>) => p.then(() => undefined).catch((e: unknown) => e as AppError);

describe('developer approval', () => {
  it('approves, activates production keys and mails once with the dashboard link', async () => {
    const { dev, apiKeys, mails, service } = setup();
    const prod = await apiKeys.create(dev.id, 'production');
    expect(prod.is_active).toBe(false);
    const first = await service.approveByEmail(dev.email);
    expect(first.newlyApproved).toBe(true);
    expect((await apiKeys.listOwn(dev.id))[0]).toMatchObject({ id: prod.id, is_active: true, status: 'active' });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(APPROVAL_MAIL_SUBJECT);
    expect(mails[0]?.text).toContain('https://market.example.com/dashboard/api-keys');

    const again = await service.approveById(dev.id);
    expect(again.newlyApproved).toBe(false);
    expect(mails).toHaveLength(1);
  });

  it('refuses admins and unknown users', async () => {
    const { admin, service } = setup();
    expect((await rejection(service.approveByEmail(admin.email)))?.message).toBe(ADMIN_NO_APPROVAL);
    const unknown = await rejection(service.approveByEmail('nobody@example.com'));
    expect(unknown?.status).toBe(404);
    expect((await rejection(service.getUser('missing')))?.message).toBe(MSG.userNotFound);
  });

  it.each([
    ['a practice', { role: 'practice', is_approved: true }, 400, PRACTICE_NO_APPROVAL],
    ['an invited account', { invited: true, email_verified: false }, 409, INVITED_NO_APPROVAL],
  ] as const)('refuses to approve %s: nothing changes, no "approved" mail', async (_what, over, status, detail) => {
    const { users, mails, service } = setup();
    const account = aUser({ email: 'refused@example.com', ...over });
    users.all.set(account.id, { ...account });
    for (const attempt of [service.approveByEmail(account.email), service.approveById(account.id)]) {
      const refused = await rejection(attempt);
      expect(refused?.status).toBe(status);
      expect(refused?.message).toBe(detail);
    }
    expect(users.all.get(account.id)).toEqual(account);
    expect(mails).toEqual([]);
  });

  it('lists users with company and role', async () => {
    const { service, admin } = setup();
    const list = (await service.pageUsers({ limit: 25 })).items;
    expect(list.find((u) => u.id === admin.id)).toEqual({
      id: admin.id,
      full_name: admin.full_name,
      email: admin.email,
      company: admin.company_name,
      role: 'admin',
      created_at: admin.created_at,
      is_approved: true,
      status: 'approved',
    });
  });
});

describe('admin key rotation', () => {
  it('revokes the secret, answers the new prefix only and mails the owner a notice without any secret', async () => {
    const { dev, apiKeys, mails, service } = setup();
    const created = await apiKeys.create(dev.id, 'staging');
    const rotated = await service.rotateKey(created.id);
    expect(rotated.key).toHaveLength(20);
    expect(rotated.key).not.toBe(created.prefix);
    expect(rotated.message).toBe(MSG.keyRotated);
    expect((await rejection(apiKeys.authenticate(created.key)))?.status).toBe(401);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(ADMIN_ROTATION_MAIL_SUBJECT);
    expect(mails[0]?.text).toContain(created.prefix);
    expect(mails[0]?.text).not.toMatch(/(test|live)_[0-9A-Za-z]{40}/);
    expect(mails[0]?.text).toContain('Show new key');
    expect((await rejection(service.rotateKey('missing')))?.status).toBe(404);
  });

  it('gives the owner a working replacement, revealed once in API Keys and only to the owner', async () => {
    const { dev, keys, apiKeys, service } = setup();
    const created = await apiKeys.create(dev.id, 'staging');
    const rotated = await service.rotateKey(created.id);
    expect(rotated.replacement_ready).toBe(true);
    const [listed] = await apiKeys.listOwn(dev.id);
    expect(listed).toMatchObject({ key: rotated.key, replacement_ready: true });
    // The sealed copy on the record is not the key itself.
    expect(keys.byId.get(created.id)?.handover).not.toContain(rotated.key);

    const other = aUser({ email: 'other@example.com' });
    expect((await rejection(apiKeys.revealReplacement(other.id, created.id)))?.status).toBe(404);
    const revealed = await apiKeys.revealReplacement(dev.id, created.id);
    expect(revealed.key.startsWith(rotated.key)).toBe(true);
    expect(revealed.replacement_ready).toBe(false);
    expect((await apiKeys.authenticate(revealed.key)).id).toBe(created.id);
    expect((await rejection(apiKeys.revealReplacement(dev.id, created.id)))?.status).toBe(409);
    expect((await apiKeys.listOwn(dev.id))[0]?.replacement_ready).toBe(false);
  });

  it('drops a waiting replacement when the owner rotates the key themselves', async () => {
    const { dev, apiKeys, service } = setup();
    const created = await apiKeys.create(dev.id, 'staging');
    await service.rotateKey(created.id);
    const own = await apiKeys.rotateOwn(dev.id, created.id);
    expect(own.replacement_ready).toBe(false);
    expect((await rejection(apiKeys.revealReplacement(dev.id, created.id)))?.status).toBe(409);
  });
});
