/**
 * DynamoDB implementation of the API keys port (functions/core/api-keys/ports.ts).
 *
 * | item          | PK                   | SK                  | GSI1 (owner)                               | attributes                               |
 * |---------------|----------------------|---------------------|--------------------------------------------|------------------------------------------|
 * | API key       | APIKEY#<id>          | APIKEY              | OWNER#<userId> / KEY#<created_at>#<id>     | id, user_id, type, prefix, key_hash, is_active, limit, created_at, rotated_at, handover |
 * | hash lookup   | KEYHASH#<sha256>     | KEYHASH             |                                            | key_id, user_id                          |
 * | daily usage   | APIKEY#<id>          | USAGE#<yyyy-mm-dd>  |                                            | count, ttl (start of day + 3 days)       |
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
 * | today's usage of keys               | table | BatchGet PK=APIKEY#<id>, SK=USAGE#<day>         | usageOn               |
 * | count one call under the limit      | table | UpdateItem ADD count, if count < limit         | consume               |
 *
 * GSI1PK=OWNER#<userId> is shared with the owner's apps (GSI1SK begins APP#); the KEY# prefix keeps
 * the two apart. The hash item holds only the key id: the key item is the one source of truth for
 * is_active and limit, read with a consistent read on every Partner API call, so a rotation,
 * deletion, approval or limit change applies to the very next request.
 */
import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { KEY_TYPES, type KeyType } from '../../../shared/constants';
import type { ApiKeyRecord } from '../../core/api-keys/api-key';
import type { ApiKeyRepository } from '../../core/api-keys/ports';
import { ConflictError } from '../../core/errors';
import { documentClient, tableName } from '../aws-clients';
import { isConditionFailure, queryAll } from './query-all';

export const apiKeyKeys = {
  key: (id: string) => ({ PK: `APIKEY#${id}`, SK: 'APIKEY' }),
  hash: (keyHash: string) => ({ PK: `KEYHASH#${keyHash}`, SK: 'KEYHASH' }),
  usage: (id: string, day: string) => ({ PK: `APIKEY#${id}`, SK: `USAGE#${day}` }),
  ownerPartition: (userId: string) => `OWNER#${userId}`,
  ownerSort: (key: Pick<ApiKeyRecord, 'created_at' | 'id'>) => `KEY#${key.created_at}#${key.id}`,
} as const;

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

async function getItem(key: { PK: string; SK: string }): Promise<Record<string, unknown> | undefined> {
  return (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
}

/**
 * The per-item reasons of a cancelled transaction ("ConditionalCheckFailed", "None", ...); empty for
 * other errors. Some engines only list them in the message: "... [ConditionalCheckFailed, None]".
 */
function cancellationCodes(err: unknown): string[] {
  const e = err as { name?: string; message?: string; CancellationReasons?: Array<{ Code?: string }> };
  if (e?.name !== 'TransactionCanceledException') return [];
  if (e.CancellationReasons?.length) return e.CancellationReasons.map((r) => r.Code ?? 'None');
  const listed = /\[([^\]]*)\]/.exec(e.message ?? '')?.[1];
  return listed ? listed.split(',').map((c) => c.trim()) : [];
}

/** Retries a transaction cancelled only by a concurrent transaction on the same items. */
async function transact(items: ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']) {
  for (let attempt = 0; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (err) {
      const codes = cancellationCodes(err);
      const conflictOnly = codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!conflictOnly || attempt >= 4) throw err;
      await new Promise((r) => setTimeout(r, 20 * 2 ** attempt + Math.random() * 20));
    }
  }
}

export const dynamoApiKeyRepository: ApiKeyRepository = {
  async create(key) {
    await transact([
      { Put: { TableName: tableName(), Item: toItem(key), ConditionExpression: 'attribute_not_exists(PK)' } },
      {
        Put: {
          TableName: tableName(),
          Item: { ...apiKeyKeys.hash(key.key_hash), entity: 'KEYHASH', key_id: key.id, user_id: key.user_id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    ]);
  },

  async findById(id) {
    const item = await getItem(apiKeyKeys.key(id));
    return item ? fromItem(item) : undefined;
  },

  async findByHash(keyHash) {
    const pointer = await getItem(apiKeyKeys.hash(keyHash));
    if (typeof pointer?.key_id !== 'string') return undefined;
    const item = await getItem(apiKeyKeys.key(pointer.key_id));
    if (!item) return undefined;
    const key = fromItem(item);
    // A pointer the key no longer agrees with (a rotation in flight) authenticates nothing.
    return key.key_hash === keyHash ? key : undefined;
  },

  async listByOwner(userId) {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :sk)',
      ExpressionAttributeValues: { ':pk': apiKeyKeys.ownerPartition(userId), ':sk': 'KEY#' },
      ScanIndexForward: false,
    });
    return items.map(fromItem);
  },

  async replaceSecret(current, next) {
    try {
      await transact([
        {
          Delete: {
            TableName: tableName(),
            Key: apiKeyKeys.hash(current.key_hash),
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...apiKeyKeys.hash(next.key_hash),
              entity: 'KEYHASH',
              key_id: current.id,
              user_id: current.user_id,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: apiKeyKeys.key(current.id),
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
          },
        },
      ]);
    } catch (err) {
      if (cancellationCodes(err)[2] === 'ConditionalCheckFailed') {
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
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: apiKeyKeys.key(keyId),
          UpdateExpression: 'REMOVE handover',
          ConditionExpression: 'handover = :sealed',
          ExpressionAttributeValues: { ':sealed': sealed },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  async delete(key) {
    try {
      await transact([
        {
          Delete: {
            TableName: tableName(),
            Key: apiKeyKeys.key(key.id),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        { Delete: { TableName: tableName(), Key: apiKeyKeys.hash(key.key_hash) } },
      ]);
      return true;
    } catch (err) {
      if (cancellationCodes(err)[0] === 'ConditionalCheckFailed') return false;
      throw err;
    }
  },

  async activate(keyId) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: apiKeyKeys.key(keyId),
          UpdateExpression: 'SET is_active = :t',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':t': true },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  },

  async usageOn(keyIds, day) {
    const usage = new Map<string, number>();
    const unique = [...new Set(keyIds)];
    for (let i = 0; i < unique.length; i += 100) {
      let keys: Array<Record<string, unknown>> = unique.slice(i, i + 100).map((id) => apiKeyKeys.usage(id, day));
      for (let round = 0; keys.length && round < 5; round++) {
        const res = await db().send(
          new BatchGetCommand({
            RequestItems: {
              [tableName()]: {
                Keys: keys,
                ProjectionExpression: 'PK, #count',
                ExpressionAttributeNames: { '#count': 'count' },
              },
            },
          }),
        );
        for (const item of res.Responses?.[tableName()] ?? []) {
          usage.set(String(item.PK).slice('APIKEY#'.length), Number(item.count ?? 0));
        }
        keys = (res.UnprocessedKeys?.[tableName()]?.Keys as Array<Record<string, unknown>> | undefined) ?? [];
        if (keys.length) await new Promise((r) => setTimeout(r, 25 * 2 ** round));
      }
    }
    return usage;
  },

  async consume(keyId, day, limit, expiresAt) {
    try {
      const res = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: apiKeyKeys.usage(keyId, day),
          UpdateExpression: 'ADD #count :one SET #ttl = if_not_exists(#ttl, :ttl), #entity = :entity',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl', '#entity': 'entity' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': expiresAt, ':entity': 'KEYUSAGE' },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { admitted: true, count: Number(res.Attributes?.count ?? 1) };
    } catch (err) {
      if (isConditionFailure(err)) return { admitted: false };
      throw err;
    }
  },
};
