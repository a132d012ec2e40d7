/**
 * Licence-key pools (licensing_type key_pool) on the single table: one item per key, beside its
 * app, so a purchase claims a key with one conditional update and two buyers never get the same.
 *
 * | item                 | PK         | SK             | GSI3PK (available only) | GSI3SK                  |
 * |----------------------|------------|----------------|-------------------------|-------------------------|
 * | pool key, available  | APP#<app>  | POOLKEY#<key>  | POOLAVAIL#<app>         | <created_at>#<key>      |
 * | pool key, assigned   | APP#<app>  | POOLKEY#<key>  | (removed)               | (removed)               |
 *
 * Attributes: key, status 'available' | 'assigned', created_at, app_id; assigned keys also carry
 * purchase_id and assigned_at. The oldest available key is the first of GSI3 POOLAVAIL#<app>
 * (the checkout code claims it with `status = available` as its condition and removes the GSI3
 * attributes in the same update). Keys added together get created_at one millisecond apart, so
 * the pool keeps the order the developer typed them in.
 *
 * | access pattern                        | index | key condition                          | function           |
 * |---------------------------------------|-------|----------------------------------------|--------------------|
 * | every key of an app (edit view, sync)  | table | PK=APP#<app>, SK begins POOLKEY#       | listKeys, deleteAll|
 * | available keys of an app, oldest first | GSI3  | GSI3PK=POOLAVAIL#<app>                 | countAvailable     |
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { KeyPoolPort, PoolKey, PoolKeyStatus } from '../../core/apps/key-pool';
import { documentClient, tableName } from '../aws-clients';
import { deleteItem, type ItemMapper, isConditionFailure, putItem, queryAll, queryCount } from './dynamo';
import { appPartition, POOL_KEY_SORT_PREFIX, poolAvailablePk, poolAvailableSk, poolKeyKey } from './keys';

const WRITE_CONCURRENCY = 25;

/** A key of an app's pool as stored (an assigned key's purchase fields are the checkout's). */
interface StoredPoolKey extends PoolKey {
  app_id: string;
  created_at: string;
}

/** A pool key's item: an available key is on the app's GSI3 partition of available keys, oldest first. */
export const poolKeyItem: ItemMapper<StoredPoolKey> = {
  toItem: (k) => ({
    ...poolKeyKey(k.app_id, k.key),
    entity: 'PoolKey',
    app_id: k.app_id,
    key: k.key,
    status: k.status,
    created_at: k.created_at,
    ...(k.status === 'available'
      ? { GSI3PK: poolAvailablePk(k.app_id), GSI3SK: poolAvailableSk(k.created_at, k.key) }
      : {}),
  }),
  fromItem: (item) => ({
    app_id: String(item.app_id ?? ''),
    key: String(item.key),
    status: item.status as PoolKeyStatus,
    created_at: String(item.created_at ?? ''),
  }),
};

async function inBatches<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** created_at of the i-th key of a batch: one millisecond apart, so the batch keeps its order. */
const stamp = (base: string, i: number): string => new Date(new Date(base).getTime() + i).toISOString();

async function queryPool(appId: string): Promise<StoredPoolKey[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ProjectionExpression: 'PK, SK, app_id, #key, #status, created_at',
    ExpressionAttributeNames: { '#key': 'key', '#status': 'status' },
    ExpressionAttributeValues: { ':pk': appPartition(appId), ':sk': POOL_KEY_SORT_PREFIX },
  });
  return items.map(poolKeyItem.fromItem);
}

const byAdded = (a: StoredPoolKey, b: StoredPoolKey) =>
  a.created_at.localeCompare(b.created_at) || a.key.localeCompare(b.key);

/** Adds keys as available (in order); a key already in the pool, in any state, is left alone. */
export async function addKeys(appId: string, keys: readonly string[], now = new Date().toISOString()): Promise<number> {
  let added = 0;
  const indexed = keys.map((key, i) => ({ key, createdAt: stamp(now, i) }));
  await inBatches(indexed, WRITE_CONCURRENCY, async ({ key, createdAt }) => {
    try {
      await putItem(poolKeyItem.toItem({ app_id: appId, key, status: 'available', created_at: createdAt }), {
        ConditionExpression: 'attribute_not_exists(PK)',
      });
      added++;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  });
  return added;
}

/**
 * Makes the pool match `keys`: adds the new ones, withdraws available keys not listed. Assigned
 * keys are never touched; a key claimed while this runs stays claimed (the delete is conditional).
 */
export async function syncAvailableKeys(
  appId: string,
  keys: readonly string[],
  now = new Date().toISOString(),
): Promise<{ added: number; removed: number }> {
  const existing = await queryPool(appId);
  const present = new Set(existing.map((k) => k.key));
  const wanted = new Set(keys);
  const added = await addKeys(
    appId,
    keys.filter((k) => !present.has(k)),
    now,
  );
  let removed = 0;
  const withdraw = existing.filter((k) => k.status === 'available' && !wanted.has(k.key));
  await inBatches(withdraw, WRITE_CONCURRENCY, async (k) => {
    try {
      await deleteItem(poolKeyKey(appId, k.key), {
        ConditionExpression: '#status = :available',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':available': 'available' },
      });
      removed++;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  });
  return { added, removed };
}

/** Every key of the pool, available and assigned, in the order they were added. */
export async function listKeys(appId: string): Promise<PoolKey[]> {
  return (await queryPool(appId)).sort(byAdded).map((k) => ({ key: k.key, status: k.status }));
}

export async function countAvailable(appId: string): Promise<number> {
  return queryCount({
    TableName: tableName(),
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': poolAvailablePk(appId) },
  });
}

/** Deletes every pool item of the app (used when the app itself is deleted). */
export async function deleteAll(appId: string): Promise<number> {
  const items = await queryPool(appId);
  for (let i = 0; i < items.length; i += 25) {
    let requests: Array<{ DeleteRequest: { Key: Record<string, string> } }> | undefined = items
      .slice(i, i + 25)
      .map((k) => ({ DeleteRequest: { Key: poolKeyKey(appId, k.key) } }));
    for (let attempt = 0; requests?.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      if (attempt > 8) throw new Error('Could not delete every pool key: DynamoDB kept them unprocessed');
      const res = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = res.UnprocessedItems?.[tableName()] as typeof requests;
    }
  }
  return items.length;
}

export const dynamoKeyPool: KeyPoolPort = {
  addKeys: (appId, keys) => addKeys(appId, keys),
  syncAvailableKeys: (appId, keys) => syncAvailableKeys(appId, keys),
  listKeys,
  countAvailable,
  deleteAll,
};
