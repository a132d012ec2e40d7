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
 * The pool's counter item (PK APP#<app>, SK POOLCOUNT, attribute `assigned`) counts the keys
 * assigned to buyers: licence-store-repo.ts claimPoolKey adds 1 in the claim's own transaction (the
 * `pool-counts` migration counted the pools from before it).
 *
 * Every request reads a bounded set (issue 26): a save carries at most SAVE_LIMIT keys, so
 * the available keys are at most that many (the save withdraws the others); assigned keys grow with
 * every sale and are only ever read up to ASSIGNED_SHOWN. Deleting a whole pool is the sync
 * worker's, a page per message (core/apps/catalogue-jobs.ts).
 *
 * | access pattern                              | index | key condition                    | function        |
 * |---------------------------------------------|-------|----------------------------------|-----------------|
 * | available keys of an app, oldest first      | GSI3  | GSI3PK=POOLAVAIL#<app>           | readAvailable   |
 * | some assigned keys of an app (edit view)    | table | PK=APP#<app>, SK begins POOLKEY# | listKeys        |
 * | a page of an app's keys (pool deletion)     | table | PK=APP#<app>, SK begins POOLKEY# | deletePage      |
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { KeyPoolPort, PoolKey, PoolKeyStatus } from '../../core/apps/key-pool';
import { documentClient, tableName } from '../aws-clients';
import { deleteItem, getItem, type ItemMapper, isConditionFailure, putItem, queryCount, queryUpTo } from './dynamo';
import { appPartition, POOL_KEY_SORT_PREFIX, poolAvailablePk, poolAvailableSk, poolCountKey, poolKeyKey } from './keys';

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

/**
 * Keys one save may carry: APP_FIELD_LIMITS.licenseKeys of shared/schemas/apps.ts (not imported: its
 * zod schemas would enter every bundle that writes apps; key-pool-repo.test.ts checks they agree).
 */
export const SAVE_LIMIT = 1_000;

/**
 * Most available keys a request reads: twice the keys a save may carry (a save withdraws the keys it
 * does not list, so more are only there for a moment while two saves race).
 */
export const AVAILABLE_READ_CAP = 2 * SAVE_LIMIT;
/** Most pool items the edit view reads for its assigned keys (the count is the counter's). */
export const ASSIGNED_SHOWN = SAVE_LIMIT;

/** The app's available keys, oldest first (the GSI3 POOLAVAIL partition, at most AVAILABLE_READ_CAP). */
async function readAvailable(appId: string): Promise<StoredPoolKey[]> {
  const items = await queryUpTo(
    {
      TableName: tableName(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ProjectionExpression: 'PK, SK, app_id, #key, #status, created_at',
      ExpressionAttributeNames: { '#key': 'key', '#status': 'status' },
      ExpressionAttributeValues: { ':pk': poolAvailablePk(appId) },
      ScanIndexForward: true,
    },
    AVAILABLE_READ_CAP,
  );
  return items.map(poolKeyItem.fromItem);
}

/** Assigned keys among the first ASSIGNED_SHOWN items of the pool, and whether that read the pool to its end. */
async function readSomeAssigned(appId: string): Promise<{ keys: StoredPoolKey[]; complete: boolean }> {
  const items = await queryUpTo(
    {
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ProjectionExpression: 'PK, SK, app_id, #key, #status, created_at',
      ExpressionAttributeNames: { '#key': 'key', '#status': 'status' },
      ExpressionAttributeValues: { ':pk': appPartition(appId), ':sk': POOL_KEY_SORT_PREFIX },
      ScanIndexForward: true,
    },
    ASSIGNED_SHOWN + 1,
  );
  const complete = items.length <= ASSIGNED_SHOWN;
  const keys = items
    .slice(0, ASSIGNED_SHOWN)
    .map(poolKeyItem.fromItem)
    .filter((k) => k.status === 'assigned');
  return { keys, complete };
}

/** The pool's counter of assigned keys (0 when it has none yet). */
async function assignedCount(appId: string): Promise<number> {
  const item = await getItem(poolCountKey(appId), { consistent: false });
  const n = item?.assigned;
  return typeof n === 'number' && n > 0 ? n : 0;
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
  // Assigned keys are never read here: re-adding one fails its condition and leaves it alone.
  const existing = await readAvailable(appId);
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

/**
 * The pool as the developer's edit view shows it: every available key and the assigned keys among
 * the pool's first ASSIGNED_SHOWN items, in the order they were added; `assigned` counts every
 * assigned key (the counter, or what the read saw of a pool it read to its end).
 */
export async function listKeys(appId: string): Promise<{ keys: PoolKey[]; assigned: number }> {
  const [available, some, counted] = await Promise.all([
    readAvailable(appId),
    readSomeAssigned(appId),
    assignedCount(appId),
  ]);
  const keys = [...available, ...some.keys].sort(byAdded).map((k) => ({ key: k.key, status: k.status }));
  return { keys, assigned: some.complete ? some.keys.length : Math.max(counted, some.keys.length) };
}

export async function countAvailable(appId: string): Promise<number> {
  return queryCount({
    TableName: tableName(),
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': poolAvailablePk(appId) },
  });
}

/**
 * Deletes at most `limit` (≤ 100) items of the app's pool, the counter last (the app itself is
 * deleted): one page of the sync worker's `delete-pool` job. `more` while keys are left.
 */
export async function deletePage(appId: string, pageSize: number): Promise<{ deleted: number; more: boolean }> {
  const limit = Math.min(100, Math.max(1, pageSize));
  const items = await queryUpTo(
    {
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ProjectionExpression: 'PK, SK',
      ExpressionAttributeValues: { ':pk': appPartition(appId), ':sk': POOL_KEY_SORT_PREFIX },
    },
    limit + 1,
  );
  const more = items.length > limit;
  const page = items.slice(0, limit).map((i) => ({ PK: String(i.PK), SK: String(i.SK) }));
  if (!more) page.push(poolCountKey(appId) as { PK: string; SK: string });
  for (let i = 0; i < page.length; i += 25) {
    let requests: Array<{ DeleteRequest: { Key: Record<string, string> } }> | undefined = page
      .slice(i, i + 25)
      .map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests?.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      if (attempt > 8) throw new Error('Could not delete every pool key: DynamoDB kept them unprocessed');
      const res = await documentClient().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = res.UnprocessedItems?.[tableName()] as typeof requests;
    }
  }
  return { deleted: Math.min(items.length, limit), more };
}

/** The pool's reads and the developer's writes; deleteAll (a job on the queue) is the wiring's. */
export const dynamoKeyPool: Omit<KeyPoolPort, 'deleteAll'> = {
  addKeys: (appId, keys) => addKeys(appId, keys),
  syncAvailableKeys: (appId, keys) => syncAvailableKeys(appId, keys),
  listKeys,
  countAvailable,
};
