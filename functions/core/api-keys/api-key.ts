/**
 * API keys as the domain keeps them, how a key is made and what of it may leave the server.
 *
 * A key is `dk_<tag>_test_` (staging) or `dk_<tag>_live_` (production) + 40 random base62
 * characters (about 238 bits); the tag is 4 random base62 characters so the first 8 characters tell
 * keys apart. Only its SHA-256 is stored (a plain hash is enough for a secret this random: there is
 * nothing to brute-force, unlike a password) together with the visible prefix, its first 20
 * characters. The full key exists in memory once, to be returned by create or rotate.
 */
import { createHash, randomBytes } from 'node:crypto';
import { KEY_TYPES, type KeyType, LIMITS } from '@shared/constants';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX_LENGTH,
  API_KEY_RANDOM_LENGTH,
  API_KEY_TAG_LENGTH,
  API_KEY_TYPE_SEGMENT,
  type ApiKey,
} from '@shared/schemas/keys';

export interface ApiKeyRecord {
  id: string;
  /** Owner (developer) id. */
  user_id: string;
  type: KeyType;
  /** First 20 characters of the current full key (16 for keys issued before the tag). */
  prefix: string;
  /** SHA-256 (hex) of the current full key. Never leaves the server. */
  key_hash: string;
  /** Staging keys are active at once; production keys once the owner is approved. */
  is_active: boolean;
  /** Requests per UTC day. */
  limit: number;
  /** ISO 8601. */
  created_at: string;
  /** ISO 8601 of the last rotation, null when never rotated. */
  rotated_at: string | null;
  /**
   * After an admin rotation: the new full key, sealed (handover.ts), until the owner reveals it
   * once in API Keys. Null otherwise. Never leaves the server as it is.
   */
  handover: string | null;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniform base62 characters: bytes of 248 or more are rejected so no character is favoured. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const hashApiKey = (fullKey: string): string => createHash('sha256').update(fullKey, 'utf8').digest('hex');

export const keyPrefix = (fullKey: string): string => fullKey.slice(0, API_KEY_PREFIX_LENGTH);

/** True when the text has the shape of a key (checked before any database lookup). */
export const looksLikeApiKey = (text: string): boolean => API_KEY_PATTERN.test(text);

/** A new secret for a key of this type: the full key (shown once), its prefix and its hash. */
export function newSecret(type: KeyType): { fullKey: string; prefix: string; keyHash: string } {
  const tag = randomBase62(API_KEY_TAG_LENGTH);
  const fullKey = `dk_${tag}_${API_KEY_TYPE_SEGMENT[type]}_${randomBase62(API_KEY_RANDOM_LENGTH)}`;
  return { fullKey, prefix: keyPrefix(fullKey), keyHash: hashApiKey(fullKey) };
}

export const dailyLimitFor = (type: KeyType): number =>
  type === 'production' ? LIMITS.productionDailyLimit : LIMITS.stagingDailyLimit;

export const isKeyType = (value: unknown): value is KeyType => (KEY_TYPES as readonly unknown[]).includes(value);

/** The key as its owner and admins see it: fields listed one by one, prefix only, no hash. */
export function toApiKeyView(key: ApiKeyRecord, usageToday: number): ApiKey {
  return {
    id: key.id,
    key: key.prefix,
    prefix: key.prefix,
    type: key.type,
    is_active: key.is_active,
    limit: key.limit,
    usage_count: usageToday,
    created_at: key.created_at,
    status: key.is_active ? 'active' : 'pending_approval',
    replacement_ready: key.handover !== null,
  };
}
