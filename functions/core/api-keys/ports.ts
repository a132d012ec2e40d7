/**
 * What the API keys module needs from storage. The core owns these interfaces;
 * functions/adapters/dynamodb/api-keys-repo.ts and licences-read-repo.ts implement them.
 */
import type { ApiKeyRecord } from './api-key';

export interface ApiKeyRepository {
  /** Stores the key and its hash lookup item in one transaction (both must be new). */
  create(key: ApiKeyRecord): Promise<void>;
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
  /** Requests counted on `day` (yyyy-mm-dd, UTC) per key id; keys without a counter are absent. */
  usageOn(keyIds: readonly string[], day: string): Promise<Map<string, number>>;
  /**
   * Counts one request of `day` atomically, only if fewer than `limit` were counted: a single
   * conditional update, so concurrent calls can never admit more than `limit`. The counter item
   * expires (TTL) at `expiresAt` (epoch seconds).
   */
  consume(keyId: string, day: string, limit: number, expiresAt: number): Promise<ConsumeResult>;
}

export type ConsumeResult = { admitted: true; count: number } | { admitted: false };

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
