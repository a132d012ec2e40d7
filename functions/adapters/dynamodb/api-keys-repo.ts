/**
 * DynamoDB implementation of the API keys port (functions/core/api-keys/ports.ts).
 *
 * | item          | PK                          | SK        | GSI1 (owner)                           | attributes                               |
 * |---------------|-----------------------------|-----------|----------------------------------------|------------------------------------------|
 * | API key       | APIKEY#<id>                 | APIKEY    | OWNER#<userId> / KEY#<created_at>#<id> | id, user_id, type, prefix, key_hash, is_active, limit, created_at, rotated_at, handover |
 * | hash lookup   | KEYHASH#<sha256>            | KEYHASH   |                                        | key_id, user_id, type, prefix (of this secret) |
 * | daily quota   | APIQUOTA#<userId>#<type>    | APIQUOTA  | (none: one write unit per update)      | usage_day (yyyy-mm-dd UTC), usage_count, per_key {keyId: n}, h_<sha256> = keyId per admitted key, [limit] |
 *
 * | Access pattern                      | Index | Key condition                                  | Function              |
 * |-------------------------------------|-------|------------------------------------------------|-----------------------|
 * | key by id                           | table | PK=APIKEY#<id>, SK=APIKEY (consistent)         | findById              |
 * | key by presented secret             | table | PK=KEYHASH#<sha256>, SK=KEYHASH -> key by id    | findByHash            |
 * | keys of a developer, newest first   | GSI1  | GSI1PK=OWNER#<userId>, GSI1SK begins KEY#       | listByOwner           |
 * | create key + hash (tx)              | table | both items, attribute_not_exists(PK)           | create                |
 * | rotate: old hash out, new in (tx)   | table | Delete old KEYHASH, Put new, Update key if key_hash unchanged, REMOVE h_<old> from the quota item | replaceSecret |
 * | take an admin's sealed replacement  | table | UpdateItem REMOVE handover if handover = :s    | takeHandover          |
 * | delete key + hash (tx)              | table | Delete APIKEY + KEYHASH, REMOVE h_<hash> from the quota item | delete |
 * | today's usage of keys               | table | BatchGet PK=APIQUOTA#<userId>#<type> (per_key)  | usageOn               |
 * | admit a call: check key + count     | table | UpdateItem APIQUOTA#<userId>#<type> ADD usage_count, if h_<hash> exists, usage_day = today, usage_count < limit | admitCall |
 *
 * GSI1PK=OWNER#<userId> is shared with the owner's apps (GSI1SK begins APP#); the KEY# prefix keeps
 * the two apart.
 *
 * The daily quota is the developer's, per key type (spec section 9: 500 staging and 10,000
 * production calls a UTC day, issue 30 finding 5): its counter lives on an item of the developer and
 * type, which no key deletion touches, so deleting a spent key and creating another does not give the
 * day's calls again. That item has no index keys (issue 26 item 5), and it also holds the hashes of
 * the developer's keys that may be admitted (h_<sha256>), so on a warm process a Partner API call is
 * ONE write: the conditional update that checks the key is still admitted (its hash is listed),
 * that the day's count is under the limit, and counts the call (in all and per key). A hash item
 * never changes what it names (a rotation makes a new hash), so a process remembers hash -> key id,
 * owner and type. A rotation or deletion removes the hash in its own transaction, so it applies to
 * the very next call. A key's hash is listed the first time it is admitted: a call the update
 * refuses reads the quota item and the key item to find out why, and lists an active key's hash
 * in a transaction conditioned on the key item (so a deletion racing it cannot leave it listed).
 * The first call of a new UTC day resets the count with a second conditional update. A `limit` on
 * the quota item (set by operations) lowers the developer's daily limit below the type's.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { KEY_TYPES, type KeyType } from '@shared/constants';
import { type ApiKeyRecord, dailyLimitFor, isKeyType } from '../../core/api-keys/api-key';
import type { AdmittedKey, ApiKeyRepository } from '../../core/api-keys/ports';
import { ConflictError } from '../../core/errors';
import { documentClient, tableName } from '../aws-clients';
import {
  cancellationCodes,
  conditionally,
  getItem,
  type ItemMapper,
  isConditionFailure,
  queryAll,
  str,
  type TransactItems,
  transact,
  tx,
  updateItem,
} from './dynamo';
import { apiKeyKeys } from './keys';

const db = () => documentClient();

function toItem(key: ApiKeyRecord) {
  return {
    ...apiKeyKeys.key(key.id),
    GSI1PK: apiKeyKeys.ownerPartition(key.user_id),
    GSI1SK: apiKeyKeys.ownerSort(key),
    entity: 'APIKEY',
    id: key.id,
    user_id: key.user_id,
    type: key.type,
    prefix: key.prefix,
    key_hash: key.key_hash,
    is_active: key.is_active,
    limit: key.limit,
    created_at: key.created_at,
    rotated_at: key.rotated_at ?? undefined,
    handover: key.handover ?? undefined,
  };
}

function fromItem(item: Record<string, unknown>): ApiKeyRecord {
  const type: KeyType = (KEY_TYPES as readonly unknown[]).includes(item.type) ? (item.type as KeyType) : 'staging';
  return {
    id: String(item.id),
    user_id: String(item.user_id),
    type,
    prefix: String(item.prefix ?? ''),
    key_hash: String(item.key_hash ?? ''),
    is_active: item.is_active === true,
    limit: Number(item.limit ?? 0),
    created_at: String(item.created_at ?? ''),
    rotated_at: typeof item.rotated_at === 'string' ? item.rotated_at : null,
    handover: typeof item.handover === 'string' ? item.handover : null,
  };
}

/** The ApiKeyRecord entity's item, both ways. */
export const apiKeyItem: ItemMapper<ApiKeyRecord> = { toItem, fromItem };

export const dynamoApiKeyRepository: ApiKeyRepository = {
  async create(key, cap) {
    try {
      await transact([
        tx.countUpTo(apiKeyKeys.ownerCount(key.user_id), 'APIKEYCOUNT', cap),
        tx.putNew(apiKeyItem.toItem(key)),
        tx.putNew({
          ...apiKeyKeys.hash(key.key_hash),
          entity: 'KEYHASH',
          key_id: key.id,
          user_id: key.user_id,
          type: key.type,
          prefix: key.prefix,
        }),
      ]);
      return true;
    } catch (err) {
      if (cancellationCodes(err)?.[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  },

  async findById(id) {
    const item = await getItem(apiKeyKeys.key(id));
    return item ? apiKeyItem.fromItem(item) : undefined;
  },

  async findByHash(keyHash) {
    const keyId = str((await getItem(apiKeyKeys.hash(keyHash)))?.key_id);
    if (!keyId) return undefined;
    const item = await getItem(apiKeyKeys.key(keyId));
    if (!item) return undefined;
    const key = apiKeyItem.fromItem(item);
    // A pointer the key no longer agrees with (a rotation in flight) authenticates nothing.
    return key.key_hash === keyHash ? key : undefined;
  },

  async listByOwner(userId) {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :sk)',
      ExpressionAttributeValues: { ':pk': apiKeyKeys.ownerPartition(userId), ':sk': apiKeyKeys.ownerSortPrefix },
      ScanIndexForward: false,
    });
    return items.map(apiKeyItem.fromItem);
  },

  async replaceSecret(current, next) {
    try {
      await transact([
        tx.delete(apiKeyKeys.hash(current.key_hash)),
        tx.putNew({
          ...apiKeyKeys.hash(next.key_hash),
          entity: 'KEYHASH',
          key_id: current.id,
          user_id: current.user_id,
          type: current.type,
          prefix: next.prefix,
        }),
        tx.update(apiKeyKeys.key(current.id), {
          UpdateExpression: next.handover
            ? 'SET prefix = :prefix, key_hash = :hash, rotated_at = :at, handover = :handover'
            : 'SET prefix = :prefix, key_hash = :hash, rotated_at = :at REMOVE handover',
          ConditionExpression: 'attribute_exists(PK) AND key_hash = :old',
          ExpressionAttributeValues: {
            ':prefix': next.prefix,
            ':hash': next.key_hash,
            ':at': next.rotated_at,
            ':old': current.key_hash,
            ...(next.handover ? { ':handover': next.handover } : {}),
          },
        }),
        // The old secret is admitted no more (the new one is listed at its first call).
        unlistHash(current),
      ]);
    } catch (err) {
      if (cancellationCodes(err)?.[2] === 'ConditionalCheckFailed') {
        if (!(await getItem(apiKeyKeys.key(current.id)))) return undefined;
        throw new ConflictError('This key was changed meanwhile. Please reload and try again.');
      }
      throw err;
    }
    return {
      ...current,
      prefix: next.prefix,
      key_hash: next.key_hash,
      rotated_at: next.rotated_at,
      handover: next.handover,
    };
  },

  async takeHandover(keyId, sealed) {
    return conditionally(
      updateItem(apiKeyKeys.key(keyId), {
        UpdateExpression: 'REMOVE handover',
        ConditionExpression: 'handover = :sealed',
        ExpressionAttributeValues: { ':sealed': sealed },
      }),
    );
  },

  async delete(key) {
    try {
      await transact([
        tx.delete(apiKeyKeys.key(key.id), { ConditionExpression: 'attribute_exists(PK)' }),
        tx.delete(apiKeyKeys.hash(key.key_hash)),
        unlistHash(key),
      ]);
    } catch (err) {
      if (cancellationCodes(err)?.[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
    try {
      // One key fewer on the owner's counter (never below 0; a key from before the counter is not on it).
      await updateItem(apiKeyKeys.ownerCount(key.user_id), {
        ConditionExpression: 'n > :zero',
        UpdateExpression: 'SET n = n - :one',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      });
    } catch (err) {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    }
    return true;
  },

  async activate(keyId) {
    await conditionally(
      updateItem(apiKeyKeys.key(keyId), {
        UpdateExpression: 'SET is_active = :t',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':t': true },
      }),
    );
  },

  async usageOn(list, day) {
    const usage = new Map<string, number>();
    const owners = new Map<string, { PK: string; SK: string }>();
    for (const k of list) {
      const key = apiKeyKeys.dailyQuota(k.user_id, k.type);
      owners.set(key.PK, key);
    }
    const wanted = new Set(list.map((k) => k.id));
    let keys: Array<Record<string, unknown>> = [...owners.values()];
    for (let round = 0; keys.length && round < 5; round++) {
      const res = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: keys.slice(0, 100),
              ConsistentRead: true,
              ProjectionExpression: 'usage_day, per_key',
            },
          },
        }),
      );
      for (const item of res.Responses?.[tableName()] ?? []) {
        if (item.usage_day !== day) continue;
        for (const [id, n] of Object.entries((item.per_key ?? {}) as Record<string, unknown>)) {
          if (wanted.has(id)) usage.set(id, Number(n));
        }
      }
      const unprocessed =
        (res.UnprocessedKeys?.[tableName()]?.Keys as Array<Record<string, unknown>> | undefined) ?? [];
      keys = [...unprocessed, ...keys.slice(100)];
      if (unprocessed.length) await new Promise((r) => setTimeout(r, 25 * 2 ** round));
    }
    return usage;
  },

  async admitCall(keyHash, day) {
    for (let attempt = 0; attempt < 4; attempt++) {
      const ref = await keyRefOf(keyHash);
      if (!ref) return { outcome: 'unknown' };
      const typeLimit = dailyLimitFor(ref.type);
      const counted = await countCall(ref, keyHash, day, typeLimit, 'same-day');
      if (counted) return { outcome: 'admitted', key: ref, ...counted };
      // Refused: find out why (rare: first call of the day or of the key, over the limit, gone key).
      const quota = await getItem(apiKeyKeys.dailyQuota(ref.user_id, ref.type));
      if (quota?.[hashAttr(keyHash)] === ref.id) {
        const limit = effectiveLimit(quota, typeLimit);
        if (quota.usage_day === day) {
          if (Number(quota.usage_count ?? 0) >= limit) return { outcome: 'over_limit', key: ref, limit };
          continue; // the count moved between the update and the read: try again
        }
        if (limit <= 0) return { outcome: 'over_limit', key: ref, limit };
        const started = await countCall(ref, keyHash, day, typeLimit, 'new-day');
        if (started) return { outcome: 'admitted', key: ref, ...started };
        continue; // another call started the day first: count on top of it
      }
      const item = await getItem(apiKeyKeys.key(ref.id));
      if (!item || item.key_hash !== keyHash) {
        keyRefs.delete(keyHash);
        return { outcome: 'unknown' };
      }
      const key = apiKeyItem.fromItem(item);
      if (!key.is_active) return { outcome: 'inactive', key };
      await listHash(key);
    }
    throw new ConflictError('The API key changed while this call was admitted. Please retry.');
  },
};

/** The quota item's attribute that lists a key hash as admitted (its value: the key id). */
const hashAttr = (keyHash: string) => `h_${keyHash}`;

/** Takes a key's hash off its owner's quota item (in a rotation's or deletion's transaction). */
function unlistHash(key: ApiKeyRecord): TransactItems[number] {
  return tx.update(apiKeyKeys.dailyQuota(key.user_id, key.type), {
    UpdateExpression: 'REMOVE #h',
    ExpressionAttributeNames: { '#h': hashAttr(key.key_hash) },
  });
}

/**
 * Lists an active key's current hash on its owner's quota item, on condition that the key item still
 * has that hash and is active (one transaction: a rotation or deletion cannot interleave). A
 * transaction that fails because the key changed is fine: the caller reads again.
 */
async function listHash(key: ApiKeyRecord): Promise<void> {
  try {
    await transact([
      tx.check(apiKeyKeys.key(key.id), {
        ConditionExpression: 'key_hash = :hash AND is_active = :t',
        ExpressionAttributeValues: { ':hash': key.key_hash, ':t': true },
      }),
      tx.update(apiKeyKeys.dailyQuota(key.user_id, key.type), {
        UpdateExpression: 'SET #h = :id, entity = :entity',
        ExpressionAttributeNames: { '#h': hashAttr(key.key_hash) },
        ExpressionAttributeValues: { ':id': key.id, ':entity': 'APIQUOTA' },
      }),
    ]);
  } catch (err) {
    if (!cancellationCodes(err)) throw err;
  }
}

/** What a hash names: never changes for a given hash (see the top of this file), so remembered. */
const KEY_REF_CACHE_MAX = 10_000;
const keyRefs = new Map<string, AdmittedKey>();

async function keyRefOf(keyHash: string): Promise<AdmittedKey | undefined> {
  const known = keyRefs.get(keyHash);
  if (known) return known;
  const item = await getItem(apiKeyKeys.hash(keyHash));
  const id = str(item?.key_id);
  const userId = str(item?.user_id);
  if (!item || !id || !userId) return undefined;
  let { type, prefix } = item;
  if (!isKeyType(type) || typeof prefix !== 'string') {
    // A hash item from before it named the type and prefix: the key item does (while it has this hash).
    const key = await getItem(apiKeyKeys.key(id), { projection: ['type', 'prefix', 'key_hash'] });
    if (key?.key_hash !== keyHash) return undefined;
    type = key.type;
    prefix = key.prefix;
    if (!isKeyType(type) || typeof prefix !== 'string') return undefined;
  }
  const ref: AdmittedKey = { id, user_id: userId, type, prefix };
  if (keyRefs.size >= KEY_REF_CACHE_MAX) keyRefs.delete(keyRefs.keys().next().value as string);
  keyRefs.set(keyHash, ref);
  return ref;
}

/** The developer's daily limit: the quota item's own `limit` when set (lowered by operations), else the type's. */
const effectiveLimit = (item: Record<string, unknown> | undefined, typeLimit: number): number =>
  typeof item?.limit === 'number' ? item.limit : typeLimit;

/**
 * Counts one call on the developer's quota item if the key's hash is listed there and today's count
 * is under the limit (the item's own `limit` when set, else the type's). 'same-day' adds to today's
 * count; 'new-day' starts the day at 1 (only if the stored day is another one). Returns the
 * developer's count after it and the limit, or undefined when refused.
 */
async function countCall(
  ref: AdmittedKey,
  keyHash: string,
  day: string,
  typeLimit: number,
  mode: 'same-day' | 'new-day',
): Promise<{ count: number; limit: number } | undefined> {
  try {
    const res = await updateItem(apiKeyKeys.dailyQuota(ref.user_id, ref.type), {
      UpdateExpression:
        mode === 'same-day'
          ? 'ADD usage_count :one SET per_key.#k = if_not_exists(per_key.#k, :zero) + :one'
          : 'SET usage_day = :day, usage_count = :one, per_key = :first',
      ConditionExpression:
        mode === 'same-day'
          ? '#h = :id AND usage_day = :day AND ((attribute_not_exists(#limit) AND usage_count < :limit) OR usage_count < #limit)'
          : '#h = :id AND (attribute_not_exists(usage_day) OR usage_day <> :day) AND (attribute_not_exists(#limit) OR #limit > :zero)',
      ExpressionAttributeNames: {
        '#h': hashAttr(keyHash),
        '#limit': 'limit',
        ...(mode === 'same-day' ? { '#k': ref.id } : {}),
      },
      ExpressionAttributeValues: {
        ':one': 1,
        ':id': ref.id,
        ':day': day,
        ':zero': 0,
        ...(mode === 'same-day' ? { ':limit': typeLimit } : { ':first': { [ref.id]: 1 } }),
      },
      ReturnValues: 'ALL_NEW',
    });
    return { count: Number(res.Attributes?.usage_count ?? 1), limit: effectiveLimit(res.Attributes, typeLimit) };
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}
