/**
 * What the API keys module needs from storage. The core owns these interfaces;
 * functions/adapters/dynamodb/api-keys-repo.ts and licences-read-repo.ts implement them.
 */
import type { ApiKeyRecord } from './api-key';

export interface ApiKeyRepository {
  /**
   * Stores the key and its hash lookup item in one transaction (both must be new), counting it on
   * the owner's key counter on condition that fewer than `max` are counted (a counter not yet
   * written starts at `existing`). False, and nothing stored, when the owner is at the cap.
   */
  create(key: ApiKeyRecord, cap: { max: number; existing: number }): Promise<boolean>;
  /** Strongly consistent. */
  findById(id: string): Promise<ApiKeyRecord | undefined>;
  /**
   * The key whose current secret hashes to `keyHash` (strongly consistent, so a rotated or deleted
   * secret stops working at once), or undefined.
   */
  findByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;
  /** Keys of one developer, newest first. */
  listByOwner(userId: string): Promise<ApiKeyRecord[]>;
  /**
   * Replaces the secret in one transaction: deletes the old hash item, adds the new one and updates
   * the key, on condition that the key still has `current.key_hash`. Returns the updated key;
   * undefined when the key is gone; throws ConflictError when another rotation won the race.
   */
  replaceSecret(
    current: ApiKeyRecord,
    next: { prefix: string; key_hash: string; rotated_at: string; handover: string | null },
  ): Promise<ApiKeyRecord | undefined>;
  /**
   * Removes the sealed hand-over on condition that it is still `sealed` (one conditional write):
   * true for the one caller that took it, false when it was taken or replaced meanwhile.
   */
  takeHandover(keyId: string, sealed: string): Promise<boolean>;
  /** Deletes the key and its hash item in one transaction; false when it was already gone. */
  delete(key: ApiKeyRecord): Promise<boolean>;
  /** Sets is_active; no-op when the key is gone. */
  activate(keyId: string): Promise<void>;
  /**
   * Calls counted on `day` (yyyy-mm-dd, UTC) per key id, from the owners' daily quotas; keys
   * without a call that day are absent.
   */
  usageOn(keys: readonly Pick<AdmittedKey, 'id' | 'user_id' | 'type'>[], day: string): Promise<Map<string, number>>;
  /**
   * Admits one Partner API call of the key whose CURRENT secret hashes to `keyHash`, against its
   * developer's quota of that key type on `day` (yyyy-mm-dd, UTC), which outlives any one key
   * (deleting a key and creating another does not start the day again). On a warm process a single
   * conditional update of the developer's quota item, which checks that this hash is still admitted
   * and that fewer than the type's daily limit are counted, and counts the call. Concurrent calls
   * can never admit more than the limit.
   */
  admitCall(keyHash: string, day: string): Promise<AdmitCallResult>;
}

/**
 * What an admitted call knows of its key without reading the key item: who owns it, its type and
 * the prefix of the secret presented (none of which a given secret ever changes).
 */
export type AdmittedKey = Pick<ApiKeyRecord, 'id' | 'user_id' | 'type' | 'prefix'>;

export type AdmitCallResult =
  /** `count`: the developer's calls of this key type today, this one included, of `limit`. */
  | { outcome: 'admitted'; key: AdmittedKey; count: number; limit: number }
  /** No key has this secret (never issued, rotated or deleted). */
  | { outcome: 'unknown' }
  | { outcome: 'inactive'; key: ApiKeyRecord }
  | { outcome: 'over_limit'; key: AdmittedKey; limit: number };

/**
 * A webhook delivery attempt as the admin's user-detail page shows it. Written by the webhooks
 * module; read here (see the contract at the top of licences-read-repo.ts).
 */
export interface WebhookLogRecord {
  id: string;
  app_id: string;
  event_type: string;
  target_url: string;
  status_code: number | null;
  response: string | null;
  created_at: string;
  response_time_ms: number | null;
  retry_count: number;
  delivery_id: string | null;
}

export interface WebhookLogReader {
  /** The newest `limit` delivery logs over all apps of one developer, newest first. */
  recentForOwner(userId: string, limit: number): Promise<WebhookLogRecord[]>;
}
