/**
 * DynamoDB implementation of the API keys port (functions/core/api-keys/ports.ts).
 *
 * | item          | PK                   | SK                  | GSI1 (owner)                               | attributes                               |
 * |---------------|----------------------|---------------------|--------------------------------------------|------------------------------------------|
 * | API key       | APIKEY#<id>          | APIKEY              | OWNER#<userId> / KEY#<created_at>#<id>     | id, user_id, type, prefix, key_hash, is_active, limit, created_at, rotated_at, handover, usage_day (yyyy-mm-dd UTC), usage_count |
 * | hash lookup   | KEYHASH#<sha256>     | KEYHASH             |                                            | key_id, user_id                          |
 *
 * | Access pattern                      | Index | Key condition                                  | Function              |
 * |-------------------------------------|-------|------------------------------------------------|-----------------------|
 * | key by id                           | table | PK=APIKEY#<id>, SK=APIKEY (consistent)         | findById              |
 * | key by presented secret             | table | PK=KEYHASH#<sha256>, SK=KEYHASH -> key by id    | findByHash            |
 * | keys of a developer, newest first   | GSI1  | GSI1PK=OWNER#<userId>, GSI1SK begins KEY#       | listByOwner           |
 * | create key + hash (tx)              | table | both items, attribute_not_exists(PK)           | create                |
 * | rotate: old hash out, new in (tx)   | table | Delete old KEYHASH, Put new, Update key if key_hash unchanged | replaceSecret |
 * | take an admin's sealed replacement  | table | UpdateItem REMOVE handover if handover = :s    | takeHandover          |
 * | delete key + hash (tx)              | table | Delete APIKEY + KEYHASH                         | delete                |
 * | today's usage of keys               | table | BatchGet PK=APIKEY#<id>, SK=APIKEY (usage_*)   | usageOn               |
 * | admit a call: check key + count     | table | UpdateItem APIKEY#<id> ADD usage_count, if key_hash, is_active, usage_day = today, usage_count < limit | admitCall |
 *
 * GSI1PK=OWNER#<userId> is shared with the owner's apps (GSI1SK begins APP#); the KEY# prefix keeps
 * the two apart. The hash item holds only the key id, which never changes for a given hash (a
 * rotation makes a new hash), so a process remembers hash -> key id and a Partner API call on a
 * warm process costs ONE request: the conditional update of the key item, the one source of truth
 * for key_hash, is_active, limit and today's count. A rotation, deletion, approval or limit change
 * therefore applies to the very next request. The day's count lives on the key item (usage_day,
 * usage_count); the first call of a new UTC day resets it with a second conditional update.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { KEY_TYPES, type KeyType } from '../../../shared/constants';
import type { ApiKeyRecord } from '../../core/api-keys/api-key';
import type { ApiKeyRepository } from '../../core/api-keys/ports';
import { ConflictError } from '../../core/errors';
import { documentClient, tableName } from '../aws-clients';
import {
  cancellationCodes,
  conditionally,
  getItem,
  type ItemMapper,
  isConditionFailure,
  pointedId,
  queryAll,
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
        tx.update(apiKeyKeys.ownerCount(key.user_id), {
          ConditionExpression: 'attribute_not_exists(n) OR n < :max',
          UpdateExpression: 'SET n = if_not_exists(n, :existing) + :one, entity = :entity',
          ExpressionAttributeValues: {
            ':max': cap.max,
            ':existing': cap.existing,
            ':one': 1,
            ':entity': 'APIKEYCOUNT',
          },
        }),
        tx.putNew(apiKeyItem.toItem(key)),
        tx.putNew({ ...apiKeyKeys.hash(key.key_hash), entity: 'KEYHASH', key_id: key.id, user_id: key.user_id }),
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
    const keyId = await pointedId(apiKeyKeys.hash(keyHash), 'key_id');
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

  async usageOn(ids, day) {
    const usage = new Map<string, number>();
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += 100) {
      let keys: Array<Record<string, unknown>> = unique.slice(i, i + 100).map((id) => apiKeyKeys.key(id));
      for (let round = 0; keys.length && round < 5; round++) {
        const res = await db().send(
          new BatchGetCommand({
            RequestItems: {
              [tableName()]: {
                Keys: keys,
                ConsistentRead: true,
                ProjectionExpression: 'PK, usage_day, usage_count',
              },
            },
          }),
        );
        for (const item of res.Responses?.[tableName()] ?? []) {
          if (item.usage_day === day) usage.set(apiKeyKeys.idOfPk(item.PK), Number(item.usage_count ?? 0));
        }
        keys = (res.UnprocessedKeys?.[tableName()]?.Keys as Array<Record<string, unknown>> | undefined) ?? [];
        if (keys.length) await new Promise((r) => setTimeout(r, 25 * 2 ** round));
      }
    }
    return usage;
  },

  async admitCall(keyHash, day) {
    for (let attempt = 0; attempt < 4; attempt++) {
      const keyId = await keyIdOf(keyHash);
      if (!keyId) return { outcome: 'unknown' };
      const counted = await countCall(keyId, keyHash, day, 'same-day');
      if (counted)
        return { outcome: 'admitted', key: apiKeyItem.fromItem(counted), count: Number(counted.usage_count) };
      // Refused: find out why (rare: first call of the day, over the limit, inactive or gone key).
      const item = await getItem(apiKeyKeys.key(keyId));
      if (!item || item.key_hash !== keyHash) {
        keyIds.delete(keyHash);
        return { outcome: 'unknown' };
      }
      const key = apiKeyItem.fromItem(item);
      if (!key.is_active) return { outcome: 'inactive', key };
      if (item.usage_day === day) {
        if (Number(item.usage_count ?? 0) >= key.limit) return { outcome: 'over_limit', key };
        continue; // the key changed between the update and the read: try again
      }
      if (key.limit <= 0) return { outcome: 'over_limit', key };
      const reset = await countCall(keyId, keyHash, day, 'new-day');
      if (reset) return { outcome: 'admitted', key: apiKeyItem.fromItem(reset), count: Number(reset.usage_count) };
      // another call started the day first: count on top of it
    }
    throw new ConflictError('The API key changed while this call was admitted. Please retry.');
  },
};

/** Remembered hash -> key id pairs (a hash always names the same key; see the top of this file). */
const KEY_ID_CACHE_MAX = 10_000;
const keyIds = new Map<string, string>();

async function keyIdOf(keyHash: string): Promise<string | undefined> {
  const known = keyIds.get(keyHash);
  if (known) return known;
  const keyId = await pointedId(apiKeyKeys.hash(keyHash), 'key_id');
  if (!keyId) return undefined;
  if (keyIds.size >= KEY_ID_CACHE_MAX) keyIds.delete(keyIds.keys().next().value as string);
  keyIds.set(keyHash, keyId);
  return keyId;
}

/**
 * Counts one call on the key item if it still has this secret, is active and is under its limit
 * today. 'same-day' adds to today's count; 'new-day' starts the day at 1 (only if the stored day
 * is another one). Returns the updated item, or undefined when the condition refused the call.
 */
async function countCall(
  keyId: string,
  keyHash: string,
  day: string,
  mode: 'same-day' | 'new-day',
): Promise<Record<string, unknown> | undefined> {
  try {
    const res = await updateItem(apiKeyKeys.key(keyId), {
      UpdateExpression: mode === 'same-day' ? 'ADD usage_count :one' : 'SET usage_day = :day, usage_count = :one',
      ConditionExpression:
        mode === 'same-day'
          ? 'key_hash = :hash AND is_active = :t AND usage_day = :day AND usage_count < #limit'
          : 'key_hash = :hash AND is_active = :t AND #limit > :zero AND (attribute_not_exists(usage_day) OR usage_day <> :day)',
      ExpressionAttributeNames: { '#limit': 'limit' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':hash': keyHash,
        ':t': true,
        ':day': day,
        ...(mode === 'new-day' ? { ':zero': 0 } : {}),
      },
      ReturnValues: 'ALL_NEW',
    });
    return res.Attributes;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}
