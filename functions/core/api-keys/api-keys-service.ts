/**
 * The API key rules (docs/spec.md sections 2, 4, 8, 9): creating, listing, rotating and
 * deleting a developer's keys, and admitting Partner API calls (authentication by key hash and
 * the atomic daily quota). Free of HTTP and AWS: storage comes in through the ports.
 *
 * A production key is active exactly when its owner is approved. Approval activates the keys
 * (developer-admin.ts); because that query and a concurrent key creation can miss each other,
 * listing and authentication also activate ("heal") a pending production key of an approved
 * owner, so no interleaving can leave an approved developer with a dead key.
 */
import { randomUUID } from 'node:crypto';
import { type KeyType, LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import {
  API_KEY_NOT_FOUND,
  type ApiKey,
  type ApiKeyWithSecret,
  NO_REPLACEMENT_WAITING,
  PRODUCTION_KEY_ACTIVE,
  REPLACEMENT_REVEALED,
} from '@shared/schemas/keys';
import { dailyLimitReached, INVALID_API_KEY, PENDING_API_KEY } from '@shared/schemas/partner';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../errors';
import type { Log, UsersRepository } from '../users/ports';
import type { User } from '../users/user';
import { type ApiKeyRecord, dailyLimitFor, hashApiKey, looksLikeApiKey, newSecret, toApiKeyView } from './api-key';
import type { KeyHandover } from './handover';
import type { AdmittedKey, ApiKeyRepository } from './ports';
import { nextUtcMidnight, type RateLimitState, rateLimitHeaders, secondsUntilUtcMidnight, utcDay } from './quota';

export const ACCOUNT_GONE = 'Your account no longer exists. Please sign in again.';

/** 429 with Retry-After and the X-RateLimit-* headers. */
export class DailyQuotaExceededError extends TooManyRequestsError {
  constructor(state: RateLimitState, retryAfterSeconds: number) {
    super(dailyLimitReached(state.limit), retryAfterSeconds, rateLimitHeaders(state));
  }
}

export interface ApiKeysServiceDeps {
  keys: ApiKeyRepository;
  users: Pick<UsersRepository, 'findById'>;
  /** Seals an admin-rotated key until its owner reveals it (handover.ts). */
  handover: KeyHandover;
  log?: Log;
  now?: () => Date;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };

/** A production key that should be active because its owner is approved. */
const needsHealing = (key: ApiKeyRecord, owner: Pick<User, 'is_approved'>) =>
  key.type === 'production' && !key.is_active && owner.is_approved;

export function createApiKeysService(deps: ApiKeysServiceDeps) {
  const { keys, users, handover } = deps;
  const log = deps.log ?? silentLog;
  const now = deps.now ?? (() => new Date());

  async function requireOwner(userId: string): Promise<User> {
    const owner = await users.findById(userId);
    if (!owner) throw new UnauthorizedError(ACCOUNT_GONE);
    return owner;
  }

  /** The caller's own key; another developer's key reads exactly like a missing one. */
  async function ownKey(ownerId: string, keyId: string): Promise<ApiKeyRecord> {
    const key = await keys.findById(keyId);
    if (!key || key.user_id !== ownerId) throw new NotFoundError(API_KEY_NOT_FOUND);
    return key;
  }

  /** The key, activated first if it is a pending production key of an approved owner. */
  async function healedKey(owner: Pick<User, 'is_approved'>, key: ApiKeyRecord): Promise<ApiKeyRecord> {
    if (!needsHealing(key, owner)) return key;
    await keys.activate(key.id);
    return { ...key, is_active: true };
  }

  /** Views of keys with today's real usage; activates pending production keys of an approved owner. */
  async function viewsOf(owner: Pick<User, 'is_approved'>, list: ApiKeyRecord[]): Promise<ApiKey[]> {
    const healed = await Promise.all(list.map((key) => healedKey(owner, key)));
    const usage = healed.length ? await keys.usageOn(healed, utcDay(now())) : new Map();
    return healed.map((key) => toApiKeyView(key, usage.get(key.id) ?? 0));
  }

  /**
   * Gives the key a fresh secret (the old one stops working in the same transaction). With
   * `handOver` (an admin rotation) the new full key is kept sealed for its owner to reveal once;
   * otherwise any hand-over still waiting is dropped (the owner has just seen a newer key).
   */
  async function replaceSecret(
    key: ApiKeyRecord,
    opts: { handOver?: boolean } = {},
  ): Promise<{ key: ApiKeyRecord; fullKey: string }> {
    const secret = newSecret(key.type);
    const updated = await keys.replaceSecret(key, {
      prefix: secret.prefix,
      key_hash: secret.keyHash,
      rotated_at: now().toISOString(),
      handover: opts.handOver ? handover.seal(secret.fullKey) : null,
    });
    if (!updated) throw new NotFoundError(API_KEY_NOT_FOUND);
    return { key: updated, fullKey: secret.fullKey };
  }

  async function usageToday(key: Pick<AdmittedKey, 'id' | 'user_id' | 'type'>): Promise<number> {
    return (await keys.usageOn([key], utcDay(now()))).get(key.id) ?? 0;
  }

  /** One key's view (as viewsOf). */
  async function viewOf(owner: Pick<User, 'is_approved'>, key: ApiKeyRecord): Promise<ApiKey> {
    const current = await healedKey(owner, key);
    return toApiKeyView(current, await usageToday(current));
  }

  async function admitHash(keyHash: string, healed = false): Promise<{ key: AdmittedKey; quota: RateLimitState }> {
    const at = now();
    const resetAt = nextUtcMidnight(at);
    const result = await keys.admitCall(keyHash, utcDay(at));
    switch (result.outcome) {
      case 'admitted': {
        // The quota is the developer's per key type and day (it outlives any one key).
        const { key, count, limit } = result;
        return { key, quota: { limit, used: count, remaining: Math.max(0, limit - count), resetAt } };
      }
      case 'over_limit': {
        const { limit } = result;
        const refused = { limit, used: limit, remaining: 0, resetAt };
        throw new DailyQuotaExceededError(refused, secondsUntilUtcMidnight(at));
      }
      case 'inactive': {
        const { key } = result;
        if (key.type !== 'production' || healed) throw new UnauthorizedError(INVALID_API_KEY);
        const owner = await users.findById(key.user_id);
        if (!owner) throw new UnauthorizedError(INVALID_API_KEY);
        if (!owner.is_approved) throw new UnauthorizedError(PENDING_API_KEY);
        await keys.activate(key.id);
        return admitHash(keyHash, true);
      }
      default:
        throw new UnauthorizedError(INVALID_API_KEY);
    }
  }

  return {
    /** GET /api/keys: the owner's keys, newest first, prefix only. */
    async listOwn(ownerId: string): Promise<ApiKey[]> {
      const owner = await requireOwner(ownerId);
      return viewsOf(owner, await keys.listByOwner(ownerId));
    },

    /**
     * POST /api/keys: staging keys are active at once (500 a day); production keys (10,000 a day)
     * wait for the owner's approval unless the owner is approved already.
     */
    async create(ownerId: string, type: KeyType): Promise<ApiKeyWithSecret> {
      const owner = await requireOwner(ownerId);
      // Production access is tied to a real address: verify it first (staging keys need no proof).
      if (type === 'production' && !owner.email_verified) throw new ForbiddenError(MSG.verifyEmailForProduction);
      const secret = newSecret(type);
      const key: ApiKeyRecord = {
        id: randomUUID(),
        user_id: owner.id,
        type,
        prefix: secret.prefix,
        key_hash: secret.keyHash,
        is_active: type === 'staging' || owner.is_approved,
        limit: dailyLimitFor(type),
        created_at: now().toISOString(),
        rotated_at: null,
        handover: null,
      };
      // One developer, at most LIMITS.maxApiKeysPerDeveloper keys: the cap is one conditional write
      // on the owner's counter in the key's own transaction, so parallel creates cannot pass it.
      const existing = (await keys.listByOwner(owner.id)).length;
      if (existing >= LIMITS.maxApiKeysPerDeveloper) throw new ConflictError(MSG.apiKeyLimit);
      if (!(await keys.create(key, { max: LIMITS.maxApiKeysPerDeveloper, existing }))) {
        throw new ConflictError(MSG.apiKeyLimit);
      }
      log.info('api key created', { keyId: key.id, userId: owner.id, type });
      // Approval may have landed between reading the owner and storing the key: re-check once.
      if (!key.is_active) {
        const fresh = await users.findById(owner.id);
        if (fresh?.is_approved) {
          await keys.activate(key.id);
          key.is_active = true;
        }
      }
      const message =
        type === 'staging'
          ? MSG.stagingKeyCreated
          : key.is_active
            ? PRODUCTION_KEY_ACTIVE // the owner is approved: the spec's "needs approval" would be untrue
            : MSG.productionKeyCreated;
      return { ...toApiKeyView(key, 0), key: secret.fullKey, message };
    },

    /** PUT /api/keys/{id}/rotate: a new secret, shown once; the old one is refused from now on. */
    async rotateOwn(ownerId: string, keyId: string): Promise<ApiKeyWithSecret> {
      const rotated = await replaceSecret(await ownKey(ownerId, keyId));
      log.info('api key rotated', { keyId, userId: ownerId });
      return {
        ...toApiKeyView(rotated.key, await usageToday(rotated.key)),
        key: rotated.fullKey,
        message: MSG.keyRotated,
      };
    },

    /**
     * POST /api/keys/{id}/reveal: the replacement an admin's rotation issued, shown this once. The
     * sealed copy is removed by one conditional write, so two tabs cannot both see it.
     */
    async revealReplacement(ownerId: string, keyId: string): Promise<ApiKeyWithSecret> {
      const key = await ownKey(ownerId, keyId);
      const fullKey = key.handover ? handover.open(key.handover) : undefined;
      if (!key.handover || !fullKey || !(await keys.takeHandover(key.id, key.handover))) {
        throw new ConflictError(NO_REPLACEMENT_WAITING);
      }
      log.info('api key replacement revealed', { keyId, userId: ownerId });
      const view = await viewOf(await requireOwner(ownerId), { ...key, handover: null });
      return { ...view, key: fullKey, message: REPLACEMENT_REVEALED };
    },

    /** DELETE /api/keys/{id}: the key and its hash go in one transaction. */
    async deleteOwn(ownerId: string, keyId: string): Promise<void> {
      const key = await ownKey(ownerId, keyId);
      if (!(await keys.delete(key))) throw new NotFoundError(API_KEY_NOT_FOUND);
      log.info('api key deleted', { keyId, userId: ownerId });
    },

    /**
     * Who is calling the Partner API: the key whose hash matches. Unknown, rotated and deleted keys
     * get 401 'Invalid API key'; a production key of an owner not yet approved gets its own 401.
     */
    async authenticate(rawKey: string | undefined): Promise<ApiKeyRecord> {
      const candidate = rawKey?.trim() ?? '';
      if (!looksLikeApiKey(candidate)) throw new UnauthorizedError(INVALID_API_KEY);
      const key = await keys.findByHash(hashApiKey(candidate));
      if (!key) throw new UnauthorizedError(INVALID_API_KEY);
      if (key.is_active) return key;
      if (key.type !== 'production') throw new UnauthorizedError(INVALID_API_KEY);
      const owner = await users.findById(key.user_id);
      if (!owner) throw new UnauthorizedError(INVALID_API_KEY);
      if (!owner.is_approved) throw new UnauthorizedError(PENDING_API_KEY);
      await keys.activate(key.id);
      return { ...key, is_active: true };
    },

    /**
     * Admits one Partner API call: authenticates the presented key and counts the call against its
     * daily limit in one conditional update of the key item (see ApiKeyRepository.admitCall), so
     * 50 concurrent calls on a key with 20 left admit exactly 20. Unknown, rotated and deleted keys
     * get 401 'Invalid API key'; a production key of an owner not yet approved gets its own 401
     * (and is activated, then admitted, once the owner is approved). Refused calls are not counted
     * and get DailyQuotaExceededError (429, Retry-After = seconds to the next UTC midnight).
     */
    async enter(rawKey: string | undefined): Promise<{ key: AdmittedKey; quota: RateLimitState }> {
      const candidate = rawKey?.trim() ?? '';
      if (!looksLikeApiKey(candidate)) throw new UnauthorizedError(INVALID_API_KEY);
      return admitHash(hashApiKey(candidate));
    },

    /** Counts one call of an authenticated key (as enter() does); 429 when over the limit. */
    async admit(key: ApiKeyRecord): Promise<RateLimitState> {
      return (await admitHash(key.key_hash)).quota;
    },

    // Used by the admin module (developer-admin.ts) ----------------------------------------------

    viewsOf,
    viewOf,
    replaceSecret,

    /** Activates every production key of a developer (after approval); returns how many changed. */
    async activateProductionKeys(userId: string): Promise<number> {
      const pending = (await keys.listByOwner(userId)).filter((k) => k.type === 'production' && !k.is_active);
      await Promise.all(pending.map((k) => keys.activate(k.id)));
      return pending.length;
    },

    async findKey(keyId: string): Promise<ApiKeyRecord | undefined> {
      return keys.findById(keyId);
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
