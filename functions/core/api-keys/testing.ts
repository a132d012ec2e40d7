/**
 * In-memory ports for unit tests of the API keys and partner rules (no DynamoDB). They follow the
 * port contracts closely enough to exercise the rules, including the atomic quota.
 */
import { decodeCursor, encodeCursor } from '../paging';
import type { UserDirectory, UsersRepository } from '../users/ports';
import { accountStatus, type User } from '../users/user';
import type { ApiKeyRecord } from './api-key';
import { keyHandover } from './handover';
import type { ApiKeyRepository } from './ports';

export function memoryKeys(): ApiKeyRepository & { byId: Map<string, ApiKeyRecord>; hashes: Map<string, string> } {
  const byId = new Map<string, ApiKeyRecord>();
  const hashes = new Map<string, string>();
  const usage = new Map<string, number>();
  return {
    byId,
    hashes,
    async create(key, cap) {
      if (byId.has(key.id) || hashes.has(key.key_hash)) throw new Error('exists');
      if ([...byId.values()].filter((k) => k.user_id === key.user_id).length >= cap.max) return false;
      byId.set(key.id, { ...key });
      hashes.set(key.key_hash, key.id);
      return true;
    },
    async findById(id) {
      const key = byId.get(id);
      return key ? { ...key } : undefined;
    },
    async findByHash(hash) {
      const id = hashes.get(hash);
      const key = id ? byId.get(id) : undefined;
      return key && key.key_hash === hash ? { ...key } : undefined;
    },
    async listByOwner(userId) {
      return [...byId.values()]
        .filter((k) => k.user_id === userId)
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map((k) => ({ ...k }));
    },
    async replaceSecret(current, next) {
      const stored = byId.get(current.id);
      if (!stored) return undefined;
      if (stored.key_hash !== current.key_hash) throw new Error('conflict');
      hashes.delete(current.key_hash);
      hashes.set(next.key_hash, current.id);
      const updated = { ...stored, ...next };
      byId.set(current.id, updated);
      return { ...updated };
    },
    async takeHandover(keyId, sealed) {
      const key = byId.get(keyId);
      if (!key || key.handover !== sealed) return false;
      key.handover = null;
      return true;
    },
    async delete(key) {
      if (!byId.delete(key.id)) return false;
      hashes.delete(key.key_hash);
      return true;
    },
    async activate(keyId) {
      const key = byId.get(keyId);
      if (key) key.is_active = true;
    },
    async usageOn(list, day) {
      const out = new Map<string, number>();
      for (const { id } of list) {
        const n = usage.get(`${id}|${day}`);
        if (n !== undefined) out.set(id, n);
      }
      return out;
    },
    async admitCall(keyHash, day) {
      const id = hashes.get(keyHash);
      const key = id ? byId.get(id) : undefined;
      if (!key || key.key_hash !== keyHash) return { outcome: 'unknown' };
      if (!key.is_active) return { outcome: 'inactive', key: { ...key } };
      // The quota is the developer's per key type and day; the per-key count is for the listing.
      const ref = { id: key.id, user_id: key.user_id, type: key.type, prefix: key.prefix };
      const q = `quota|${key.user_id}|${key.type}|${day}`;
      const n = usage.get(q) ?? 0;
      // The stored key's limit (dailyLimitFor its type; a test may lower it).
      const limit = key.limit;
      if (n >= limit) return { outcome: 'over_limit', key: ref, limit };
      usage.set(q, n + 1);
      usage.set(`${key.id}|${day}`, (usage.get(`${key.id}|${day}`) ?? 0) + 1);
      return { outcome: 'admitted', key: ref, count: n + 1, limit };
    },
  };
}

export function memoryUsers(initial: User[] = []): Pick<UsersRepository, 'findById' | 'findByEmail' | 'setApproved'> &
  UserDirectory & {
    all: Map<string, User>;
  } {
  const all = new Map<string, User>(initial.map((u) => [u.id, { ...u }]));
  return {
    all,
    async findById(id) {
      const u = all.get(id);
      return u ? { ...u } : undefined;
    },
    async findByEmail(email) {
      const u = [...all.values()].find((x) => x.email === email);
      return u ? { ...u } : undefined;
    },
    async pageUsers({ limit, cursor, q, status, role }) {
      const from = cursor ? Number(decodeCursor(cursor, (v) => typeof v.i === 'number', 'bad cursor').i) : 0;
      const needle = q?.trim().toLowerCase() ?? '';
      const shown = [...all.values()]
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .filter((u) => (!status || accountStatus(u) === status) && (!role || u.role === role))
        .filter((u) => !needle || [u.email, u.full_name, u.company_name].some((f) => f.toLowerCase().includes(needle)));
      const items = shown.slice(from, from + limit);
      return { items, next_cursor: from + limit < shown.length ? encodeCursor({ i: from + limit }) : null };
    },
    async userCounts() {
      const users = [...all.values()];
      const of = (s: string) => users.filter((u) => accountStatus(u) === s).length;
      return { all: users.length, pending: of('pending'), invited: of('invited') };
    },
    async setApproved(id, approved) {
      const u = all.get(id);
      if (!u) return undefined;
      u.is_approved = approved;
      return { ...u };
    },
  };
}

export const aUser = (overrides: Partial<User> = {}): User => ({
  id: `user-${Math.random().toString(36).slice(2, 10)}`,
  email: `dev-${Math.random().toString(36).slice(2, 8)}@example.com`,
  full_name: 'Dr. Dev',
  company_name: 'Dev Dental',
  website: null,
  role: 'developer',
  is_approved: false,
  created_at: '2025-01-01T00:00:00.000Z',
  auth_provider: 'password',
  email_verified: true,
  token_version: 0,
  invited: false,
  linked_emails: [],
  ...overrides,
});

/** A hand-over sealing under a fixed test secret. */
export const testHandover = keyHandover(() => ({
  current: 'unit-test-secret-unit-test-secret-0123',
  previous: undefined,
}));
