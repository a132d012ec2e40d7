/**
 * DynamoDB side of the sync on the single table: the loaded catalogue, feature links,
 * runs, locks, polling state and cursor, legacy account links, failed queue items, and the
 * licence lookup that routes practice events.
 *
 * | Access pattern                                | Index | Key condition                                     |
 * |-----------------------------------------------|-------|---------------------------------------------------|
 * | catalogue feature by id / all features        | table / GSI1 | PK=SYNCFEATURE#<id>,SK=FEATURE / GSI1PK=SYNCFEATURES |
 * | features of a category                        | GSI2  | GSI2PK=SYNCFEATURECAT#<category>                  |
 * | a feature's saved links                       | table | PK=SYNCFEATURE#<id>, SK=LINKS                     |
 * | table by name / all tables                    | table / GSI1 | PK=SYNCTABLE#<name> / GSI1PK=SYNCTABLES     |
 * | relationships from a table / all              | table / GSI1 | PK=SYNCREL#<from>, SK=REL#<column> / GSI1PK=SYNCRELS |
 * | internal event types (also in the webhook catalogue: GSI1PK=EVENTTYPES) | GSI2 | GSI2PK=SYNCEVENTTYPES |
 * | runs, newest first (empty polls: TTL 7 days)  | GSI1  | GSI1PK=SYNCRUNS, GSI1SK=<started_at>#<id>         |
 * | latest catalogue run / latest poll (status)   | table | PK=SYNCPOINTER#internal|poll, SK=POINTER          |
 * | live catalogue counts (status)                | table | PK=SYNCCOUNTS, SK=COUNTS                          |
 * | empty polls per hour, newest first (TTL 1 y)  | GSI1  | GSI1PK=SYNCPOLLHOURS, GSI1SK=<yyyy-mm-ddThh>      |
 * | lock of a sync type (conditional, stale after a timeout) | table | PK=SYNCLOCK#<lock>, SK=LOCK          |
 * | polling state, cursor, users_synced           | table | PK=SYNCSTATE, SK=STATE                            |
 * | legacy account -> local user                  | table / GSI1 | PK=LEGACYUSER#<id> / GSI1PK=LEGACYUSERS      |
 * | failed (dead-lettered) sync queue items       | GSI1  | GSI1PK=SYNCFAILED, GSI1SK=<failed_at>#<id>        |
 *
 * Searches and category filters are Queries of one partition (with a filter on a lower-cased
 * search attribute), never Scans.
 */
import { BatchWriteCommand, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { appStatusOf } from '@shared/app-status';
import {
  type EventType,
  type FailedQueueItem,
  type Feature,
  SYNC_MSG,
  type SyncRun,
  type SyncType,
  type Table,
} from '@shared/schemas/sync';
import { requestedPermissions } from '../../core/installs/permissions';
import type { Page } from '../../core/paging';
import { buyerIdsOf, guestBuyerId } from '../../core/purchases/purchase';
import {
  CATALOGUE_CAPACITY,
  type CatalogueKind,
  type CatalogueStore,
  type LegacyLinkStore,
  type LicenceDirectory,
  type RunStore,
  type StoredCatalogueItem,
  type SyncLockStore,
  type SyncState,
  type SyncStateStore,
} from '../../core/sync/ports';
import type { CatalogueQueries } from '../../core/sync/queries';
import { documentClient, tableName } from '../aws-clients';
import { outsideAuditScope } from './audit-scope';
import {
  conditionally,
  deleteItem,
  getItem,
  type ItemMapper,
  keyCursor,
  onIndex,
  putItem,
  queryAll,
  queryCount,
  queryUpTo,
  updateItem,
} from './dynamo';
import { dynamoInstallStore } from './installs-repo';
import { appKey, EVENT_TYPES_PARTITION, purchaseKeys, syncKeys } from './keys';
import { reviewedDeclarationSource } from './permissions-repo';
import { fromPurchaseItem } from './purchase-item';
import { dynamoUsersRepository } from './users-repo';

const db = () => documentClient();
const T = () => tableName();

const KEYS = syncKeys;
const PARTITION: Record<CatalogueKind, { index: 'GSI1' | 'GSI2'; pk: string; attr: string }> = {
  features: { index: 'GSI1', pk: KEYS.featuresPartition, attr: 'GSI1PK' },
  tables: { index: 'GSI1', pk: KEYS.tablesPartition, attr: 'GSI1PK' },
  relationships: { index: 'GSI1', pk: KEYS.relsPartition, attr: 'GSI1PK' },
  event_types: { index: 'GSI2', pk: KEYS.eventTypesPartition, attr: 'GSI2PK' },
};
const lower = (...parts: unknown[]) =>
  parts
    .filter((p) => typeof p === 'string')
    .join(' \u0000 ')
    .toLowerCase();

function itemOf(kind: CatalogueKind, i: StoredCatalogueItem, at: string): Record<string, unknown> {
  const d = i.data;
  /** Every catalogue item: its key, the synced data, and its place in its GSI1 list, by id. */
  const listed = (key: { PK: string; SK: string }, list: string) => ({
    ...key,
    data: d,
    removed: i.removed,
    updated_at: at,
    entity: `Sync_${kind}`,
    GSI1PK: list,
    GSI1SK: i.id,
  });
  switch (kind) {
    case 'features':
      return {
        ...listed(KEYS.feature(i.id), KEYS.featuresPartition),
        GSI2PK: KEYS.featureCategoryPartition(String(d.category)),
        GSI2SK: i.id,
        search: lower(d.name, d.description),
      };
    case 'tables':
      return { ...listed(KEYS.table(i.id), KEYS.tablesPartition), search: lower(d.name, d.summary) };
    case 'relationships':
      return listed(KEYS.rel(String(d.from_table), String(d.column)), KEYS.relsPartition);
    case 'event_types':
      // Also an entry of the webhook event catalogue (GSI1PK=EVENTTYPES), next to license.*.
      return {
        ...listed(KEYS.eventType(i.id), EVENT_TYPES_PARTITION),
        GSI2PK: KEYS.eventTypesPartition,
        GSI2SK: i.id,
        id: i.id,
        name: i.id,
        description: d.description,
        trigger_type: d.trigger_type,
        source: 'internal',
        is_active: !i.removed,
      };
  }
}

/**
 * Every stored item of a kind, in id order: at most CATALOGUE_CAPACITY[kind] items, the most the
 * catalogue sync ever stores (catalogue-sync.ts), so a request reading a kind reads a bounded set.
 */
async function listKind(kind: CatalogueKind, narrow: CatalogueNarrowing = {}): Promise<Array<Record<string, unknown>>> {
  const p = PARTITION[kind];
  return queryUpTo(
    {
      TableName: T(),
      IndexName: p.index,
      KeyConditionExpression: `${p.attr} = :pk`,
      ScanIndexForward: true,
      ...narrow,
      ExpressionAttributeValues: { ':pk': p.pk, ...narrow.ExpressionAttributeValues },
    },
    CATALOGUE_CAPACITY[kind],
  );
}

/** A filter (and, for features of a category, another partition) on a kind's list. */
type CatalogueNarrowing = Partial<
  Pick<QueryCommandInput, 'IndexName' | 'KeyConditionExpression' | 'FilterExpression' | 'ExpressionAttributeNames'>
> & { ExpressionAttributeValues?: Record<string, unknown> };

const idOf = (kind: CatalogueKind, item: Record<string, unknown>) =>
  String(item[PARTITION[kind].index === 'GSI1' ? 'GSI1SK' : 'GSI2SK']);

async function batchPut(items: Array<Record<string, unknown>>): Promise<void> {
  const chunks: Array<Array<Record<string, unknown>>> = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  const writeChunk = async (chunk: Array<Record<string, unknown>>) => {
    let requests = chunk.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests.length; attempt++) {
      const res = await db().send(new BatchWriteCommand({ RequestItems: { [T()]: requests } }));
      requests = (res.UnprocessedItems?.[T()] ?? []) as typeof requests;
      if (requests.length && attempt > 8) throw new Error('DynamoDB kept items unprocessed');
      if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  };
  // A few batches in flight at once.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(4, chunks.length) }, async () => {
      for (let chunk = chunks[next++]; chunk; chunk = chunks[next++]) await writeChunk(chunk);
    }),
  );
}

export const dynamoCatalogueStore: CatalogueStore = {
  async list(kind) {
    return (await listKind(kind)).map((item) => ({
      id: idOf(kind, item),
      data: (item.data as Record<string, unknown>) ?? {},
      removed: item.removed === true,
    }));
  },
  async put(kind, items, at) {
    await batchPut(items.map((i) => itemOf(kind, i, at)));
  },
  async drop(kind, ids) {
    const key = (id: string) => {
      if (kind === 'features') return KEYS.feature(id);
      if (kind === 'tables') return KEYS.table(id);
      if (kind === 'event_types') return KEYS.eventType(id);
      const dot = id.indexOf('.');
      return KEYS.rel(id.slice(0, dot), id.slice(dot + 1));
    };
    for (const id of ids) await deleteItem(key(id));
  },
  async setCounts(counts, featureCategories) {
    const entries: Array<[string, unknown]> = Object.entries(counts);
    if (featureCategories) entries.push(['feature_categories', featureCategories]);
    if (entries.length === 0) return;
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = entries.map(([kind, n], i) => {
      names[`#k${i}`] = kind;
      values[`:v${i}`] = n;
      return `#k${i} = :v${i}`;
    });
    await updateItem(KEYS.catalogueCounts, {
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    });
  },
};

// Catalogue reads ---------------------------------------------------------------------------------

const toEventType = (item: Record<string, unknown>): EventType => {
  const d = (item.data ?? {}) as Record<string, unknown>;
  return {
    id: String(item.GSI2SK),
    name: String(item.GSI2SK),
    trigger_type: String(d.trigger_type ?? ''),
    table: typeof d.table === 'string' ? d.table : null,
    description: String(d.description ?? ''),
    removed: item.removed === true,
  };
};

async function relationshipsByTable(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const r of await listKind('relationships')) {
    if (r.removed === true) continue;
    const d = r.data as { from_table: string; to_table: string };
    const list = out.get(d.from_table) ?? [];
    if (!list.includes(d.to_table)) list.push(d.to_table);
    out.set(d.from_table, list);
  }
  return out;
}

const toTable = (item: Record<string, unknown>, refs: Map<string, string[]>): Table => {
  const d = (item.data ?? {}) as Record<string, unknown>;
  const name = String(item.GSI1SK);
  return {
    id: name,
    name,
    column_count: Number(d.column_count ?? 0),
    summary: String(d.summary ?? ''),
    references: refs.get(name) ?? [],
    removed: item.removed === true,
  };
};

async function featuresFrom(items: Array<Record<string, unknown>>): Promise<Feature[]> {
  if (items.length === 0) return [];
  const [events, tables, refs] = await Promise.all([
    listKind('event_types'),
    listKind('tables'),
    relationshipsByTable(),
  ]);
  const ev = new Map(events.map((e) => [String(e.GSI2SK), toEventType(e)] as const));
  const tb = new Map(tables.map((t) => [String(t.GSI1SK), toTable(t, refs)] as const));
  const links = await Promise.all(
    items.map(async (f) => {
      const res = await db().send(new GetCommand({ TableName: T(), Key: KEYS.links(String(f.GSI1SK)) }));
      return res.Item;
    }),
  );
  return items.map((f, i) => {
    const d = (f.data ?? {}) as Record<string, unknown>;
    const link = links[i];
    const eventIds = (link?.event_type_ids as string[] | undefined) ?? (d.event_types as string[]) ?? [];
    const tableIds = (link?.table_ids as string[] | undefined) ?? (d.tables as string[]) ?? [];
    const eventTypes = eventIds.flatMap((id) => ev.get(id) ?? []);
    const tablesOf = tableIds.flatMap((id) => tb.get(id) ?? []);
    return {
      id: String(f.GSI1SK),
      name: String(d.name ?? ''),
      description: String(d.description ?? ''),
      category: String(d.category ?? ''),
      module: String(d.module ?? ''),
      event_count: eventTypes.length,
      table_count: tablesOf.length,
      event_types: eventTypes,
      tables: tablesOf,
      removed: f.removed === true,
    };
  });
}

const notRemoved = { FilterExpression: 'removed = :f', ':f': false } as const;

export const dynamoCatalogueQueries: CatalogueQueries = {
  async features({ search, category }) {
    const values: Record<string, unknown> = { ':f': false };
    let filter = 'removed = :f';
    if (search) {
      filter += ' AND contains(#s, :q)';
      values[':q'] = search.toLowerCase();
    }
    const items = await listKind('features', {
      ...(category ? { IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk' } : {}),
      FilterExpression: filter,
      ...(search ? { ExpressionAttributeNames: { '#s': 'search' } } : {}),
      ExpressionAttributeValues: { ...values, ...(category ? { ':pk': KEYS.featureCategoryPartition(category) } : {}) },
    });
    return (await featuresFrom(items)).sort((a, b) => a.name.localeCompare(b.name));
  },
  async feature(id) {
    const res = await db().send(new GetCommand({ TableName: T(), Key: KEYS.feature(id), ConsistentRead: true }));
    if (!res.Item) return undefined;
    return (await featuresFrom([res.Item]))[0];
  },
  async eventTypes() {
    return (await listKind('event_types')).map(toEventType);
  },
  async tables(search) {
    const refs = await relationshipsByTable();
    const items = await listKind(
      'tables',
      search
        ? {
            FilterExpression: 'contains(#s, :q)',
            ExpressionAttributeNames: { '#s': 'search' },
            ExpressionAttributeValues: { ':q': search.toLowerCase() },
          }
        : {},
    );
    return items.map((t) => toTable(t, refs));
  },
  async relationships(table) {
    const items = table
      ? await queryUpTo(
          {
            TableName: T(),
            KeyConditionExpression: 'PK = :pk',
            FilterExpression: notRemoved.FilterExpression,
            ExpressionAttributeValues: { ':pk': KEYS.relPartition(table), ':f': false },
            ScanIndexForward: true,
          },
          CATALOGUE_CAPACITY.relationships,
        )
      : (await listKind('relationships')).filter((r) => r.removed !== true);
    return items.map((r) => {
      const d = r.data as { from_table: string; column: string; to_table: string };
      return { from_table: d.from_table, column: d.column, to_table: d.to_table };
    });
  },
  async categories() {
    // One GetItem: the categories each catalogue sync of the features records with the counts (the
    // migration records them for a table synced before). Until then: none yet.
    const stored = await getItem(KEYS.catalogueCounts);
    return Array.isArray(stored?.feature_categories) ? stored.feature_categories.map(String) : [];
  },
  async counts() {
    // One GetItem: the counts each catalogue sync records. A table synced before the item existed
    // has none until the migration (bin/migrate-table.ts, run by npm start) records them.
    const stored = await getItem(KEYS.catalogueCounts);
    if (stored) {
      const n = (v: unknown) => (typeof v === 'number' ? v : 0);
      return {
        features: n(stored.features),
        event_types: n(stored.event_types),
        tables: n(stored.tables),
        relationships: n(stored.relationships),
      };
    }
    // Counted here but not recorded: status readers only read (the migration and each sync record it).
    return countCatalogue();
  },
  saveLinks: saveFeatureLinks,
};

/** Counts live catalogue items by reading every catalogue partition (only when no counts item exists). */
export async function countCatalogue(): Promise<Record<CatalogueKind, number>> {
  {
    const count = (kind: CatalogueKind) => {
      const p = PARTITION[kind];
      return queryCount({
        TableName: T(),
        IndexName: p.index,
        KeyConditionExpression: `${p.attr} = :pk`,
        FilterExpression: 'removed = :f',
        ExpressionAttributeValues: { ':pk': p.pk, ':f': false },
      });
    };
    const [features, event_types, tables, relationships] = await Promise.all([
      count('features'),
      count('event_types'),
      count('tables'),
      count('relationships'),
    ]);
    return { features, event_types, tables, relationships };
  }
}

/** The live features' categories, read from every feature (the migration, never a request). */
export async function catalogueCategories(): Promise<string[]> {
  // A worker-side read to the end: the migration step records what requests then read in one GetItem.
  const items = (await listKind('features')).filter((f) => f.removed !== true);
  return [...new Set(items.map((f) => String((f.data as { category?: string }).category ?? '')))]
    .filter(Boolean)
    .sort();
}

async function saveFeatureLinks(
  featureId: string,
  eventTypeIds: string[],
  tableIds: string[],
  by: string,
  at: string,
): Promise<void> {
  await putItem({
    ...KEYS.links(featureId),
    entity: 'SyncFeatureLinks',
    event_type_ids: eventTypeIds,
    table_ids: tableIds,
    updated_by: by,
    updated_at: at,
  });
}

// Runs, locks, state ---------------------------------------------------------------------------------

/** A sync run, newest first on GSI1; an empty poll carries a TTL (`ttl`, epoch seconds). */
export const syncRunItem: ItemMapper<SyncRun, [expiresAtSeconds?: number]> = {
  toItem: (run, expiresAtSeconds) => ({
    ...KEYS.run(run.id),
    entity: 'SyncRun',
    GSI1PK: KEYS.runsPartition,
    GSI1SK: KEYS.runSort(run.started_at, run.id),
    id: run.id,
    sync_type: run.sync_type,
    status: run.status,
    started_by: run.started_by,
    started_at: run.started_at,
    completed_at: run.completed_at,
    counts: run.counts,
    detail: run.detail,
    attempts: run.attempts ?? 1,
    ...(expiresAtSeconds ? { ttl: expiresAtSeconds } : {}),
  }),
  fromItem: (item) => ({
    id: String(item.id),
    sync_type: item.sync_type as SyncType,
    status: item.status as SyncRun['status'],
    started_by: String(item.started_by ?? ''),
    started_at: String(item.started_at ?? ''),
    completed_at: typeof item.completed_at === 'string' ? item.completed_at : null,
    counts: (item.counts as Record<string, number>) ?? {},
    detail: typeof item.detail === 'string' ? item.detail : null,
    attempts: typeof item.attempts === 'number' ? item.attempts : 1,
  }),
};

const RUN_INDEX_KEY = ['PK', 'SK', 'GSI1PK', 'GSI1SK'] as const;
const runKeyOf = (item: Record<string, unknown>) => Object.fromEntries(RUN_INDEX_KEY.map((f) => [f, item[f]]));
const decodeRunCursor = (cursor: string, partition: string) =>
  keyCursor.decode(cursor, RUN_INDEX_KEY, (k) => k.GSI1PK === partition, SYNC_MSG.cursorInvalid);

/**
 * A page of one newest-first GSI1 partition, with an optional filter: reads on until the page is
 * full, the partition ends, or `maxReads` Queries were made (a bounded read; the cursor then
 * continues where it stopped, so a sparse filter answers a short page with a cursor).
 */
async function pageOfPartition(
  partition: string,
  limit: number,
  cursor: string | undefined,
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> },
  maxReads = 10,
): Promise<Page<Record<string, unknown>>> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined = cursor ? decodeRunCursor(cursor, partition) : undefined;
  for (let reads = 0; reads < maxReads; reads++) {
    const res = await db().send(
      new QueryCommand({
        TableName: T(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': partition, ...(filter?.values ?? {}) },
        ...(filter ? { FilterExpression: filter.expression, ExpressionAttributeNames: filter.names } : {}),
        ScanIndexForward: false,
        // Without a filter exactly what is missing; with one, a page of the index at a time.
        Limit: filter ? 100 : limit - out.length,
        ExclusiveStartKey: start,
      }),
    );
    const items = res.Items ?? [];
    for (let i = 0; i < items.length; i++) {
      out.push(items[i] as Record<string, unknown>);
      if (out.length === limit) {
        const more = i < items.length - 1 || res.LastEvaluatedKey !== undefined;
        return {
          items: out,
          next_cursor: more ? keyCursor.encode(runKeyOf(items[i] as Record<string, unknown>)) : null,
        };
      }
    }
    start = res.LastEvaluatedKey;
    if (!start) return { items: out, next_cursor: null };
  }
  return { items: out, next_cursor: start ? keyCursor.encode(start) : null };
}

export const dynamoRunStore: RunStore = {
  async put(run, opts = {}) {
    await putItem(syncRunItem.toItem(run, opts.expiresAtSeconds));
    if (!opts.pointer) return;
    // The pointer copies the run; a run started earlier than the one it holds never moves it back.
    await conditionally(
      putItem(
        { ...KEYS.pointer(opts.pointer), entity: 'SyncRunPointer', ...syncRunItem.fromItem(syncRunItem.toItem(run)) },
        {
          ConditionExpression: 'attribute_not_exists(PK) OR started_at < :s OR id = :id',
          ExpressionAttributeValues: { ':s': run.started_at, ':id': run.id },
        },
      ),
    );
  },
  async get(id) {
    const res = await db().send(new GetCommand({ TableName: T(), Key: KEYS.run(id), ConsistentRead: true }));
    return res.Item ? syncRunItem.fromItem(res.Item) : undefined;
  },
  async pointer(kind) {
    const item = await getItem(KEYS.pointer(kind), { consistent: true });
    return item ? syncRunItem.fromItem(item) : undefined;
  },
  async page(q) {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const parts: string[] = [];
    if (q.types?.length) {
      names['#t'] = 'sync_type';
      parts.push(`#t IN (${q.types.map((_t, i) => `:t${i}`).join(', ')})`);
      q.types.forEach((t, i) => {
        values[`:t${i}`] = t;
      });
    }
    if (q.status) {
      names['#st'] = 'status';
      values[':st'] = q.status;
      parts.push('#st = :st');
    }
    const page = await pageOfPartition(
      KEYS.runsPartition,
      q.limit,
      q.cursor,
      parts.length ? { expression: parts.join(' AND '), names, values } : undefined,
    );
    return { items: page.items.map((i) => syncRunItem.fromItem(i)), next_cursor: page.next_cursor };
  },
  async countEmptyPoll(hour, expiresAtSeconds) {
    await updateItem(KEYS.pollHour(hour), {
      UpdateExpression: 'ADD empty_polls :one SET entity = :e, #h = :h, GSI1PK = :pk, GSI1SK = :h, #ttl = :ttl',
      ExpressionAttributeNames: { '#h': 'hour', '#ttl': 'ttl' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':e': 'SyncPollHour',
        ':h': hour,
        ':pk': KEYS.pollHoursPartition,
        ':ttl': expiresAtSeconds,
      },
    });
  },
  async pollHours(limit, cursor) {
    const page = await pageOfPartition(KEYS.pollHoursPartition, limit, cursor);
    return {
      items: page.items.map((i) => ({ hour: String(i.hour), empty_polls: Number(i.empty_polls ?? 0) })),
      next_cursor: page.next_cursor,
    };
  },
};

/**
 * Sync locks. Taking or freeing one is never an audited change (audit-scope.ts): an admin's cursor
 * reset takes the lock first, and its audit entry must ride on the reset's own write, not on the
 * lock, or a refused reset (409, 503) would leave an entry of a change that never happened.
 */
export const dynamoLockStore: SyncLockStore = {
  async acquire(lock, runId, syncType, nowMs, staleAfterMs) {
    return outsideAuditScope(() =>
      conditionally(
        putItem(
          {
            ...KEYS.lock(lock),
            GSI1PK: KEYS.locksPartition,
            GSI1SK: lock,
            run_id: runId,
            sync_type: syncType,
            expires_at: nowMs + staleAfterMs,
          },
          {
            ConditionExpression: 'attribute_not_exists(PK) OR expires_at < :now',
            ExpressionAttributeValues: { ':now': nowMs },
          },
        ),
      ),
    );
  },
  async release(lock, runId) {
    await outsideAuditScope(() =>
      conditionally(
        deleteItem(KEYS.lock(lock), { ConditionExpression: 'run_id = :r', ExpressionAttributeValues: { ':r': runId } }),
      ),
    );
  },
  async running(nowMs) {
    const items = await queryAll({
      TableName: T(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': KEYS.locksPartition },
    });
    return items.filter((i) => Number(i.expires_at) >= nowMs).map((i) => i.sync_type as SyncType);
  },
};

const DEFAULT_STATE: SyncState = {
  polling_active: false,
  polling_interval_seconds: 60,
  last_poll_at: null,
  cursor: null,
  users_synced: 0,
};

async function setState(
  expr: string,
  values: Record<string, unknown>,
  condition?: string,
  names?: Record<string, string>,
): Promise<boolean> {
  return conditionally(
    updateItem(KEYS.state, {
      UpdateExpression: expr,
      // DynamoDB refuses an empty map of values.
      ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
      ...(names ? { ExpressionAttributeNames: names } : {}),
      ...(condition ? { ConditionExpression: condition } : {}),
    }),
  );
}

export const dynamoSyncStateStore: SyncStateStore = {
  async get() {
    const res = await db().send(new GetCommand({ TableName: T(), Key: KEYS.state, ConsistentRead: true }));
    const i = res.Item ?? {};
    return {
      polling_active: i.polling_active === true,
      polling_interval_seconds:
        typeof i.polling_interval_seconds === 'number'
          ? i.polling_interval_seconds
          : DEFAULT_STATE.polling_interval_seconds,
      last_poll_at: typeof i.last_poll_at === 'string' ? i.last_poll_at : null,
      cursor: typeof i.cursor === 'string' ? i.cursor : null,
      users_synced: typeof i.users_synced === 'number' ? i.users_synced : 0,
    };
  },
  setPolling(active, interval) {
    return setState(
      'SET polling_active = :a, polling_interval_seconds = :i',
      active ? { ':a': true, ':i': interval, ':t': true } : { ':a': false, ':i': interval, ':t': true },
      active ? 'attribute_not_exists(polling_active) OR polling_active <> :t' : 'polling_active = :t',
    );
  },
  async setCursor(cursor, at) {
    await setState('SET #c = :c, cursor_at = :at', { ':c': cursor, ':at': at }, undefined, { '#c': 'cursor' });
  },
  resetCursor(expected, cursor) {
    const names = { '#c': 'cursor' };
    const condition = expected === null ? 'attribute_not_exists(#c)' : '#c = :e';
    const values = expected === null ? {} : { ':e': expected };
    return cursor === null
      ? setState('REMOVE #c', values, condition, names)
      : setState('SET #c = :c', { ...values, ':c': cursor }, condition, names);
  },
  async setLastPoll(at) {
    await setState('SET last_poll_at = :at', { ':at': at });
  },
  async setUsersSynced(n) {
    await setState('SET users_synced = :n', { ':n': n });
  },
};

export const dynamoLegacyLinkStore: LegacyLinkStore = {
  async get(legacyId) {
    const res = await db().send(new GetCommand({ TableName: T(), Key: KEYS.legacy(legacyId), ConsistentRead: true }));
    return typeof res.Item?.user_id === 'string' ? res.Item.user_id : undefined;
  },
  async put(legacyId, userId, email, at) {
    await putItem({
      ...KEYS.legacy(legacyId),
      entity: 'LegacyUserLink',
      GSI1PK: KEYS.legacyUsersPartition,
      GSI1SK: legacyId,
      legacy_id: legacyId,
      user_id: userId,
      email,
      linked_at: at,
    });
  },
  count() {
    return queryCount({
      TableName: T(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': KEYS.legacyUsersPartition },
    });
  },
};

// Failed queue items (written when a job is dead-lettered; shown by GET /queue/status) ----------------

/** A dead-lettered job, with its body (retry-failed sends it again after a local restart), newest first on GSI1. */
export const failedJobItem: ItemMapper<FailedQueueItem & { body: string }> = {
  toItem: (item) => ({
    ...KEYS.failed(item.id),
    entity: 'SyncFailedItem',
    GSI1PK: KEYS.failedPartition,
    GSI1SK: KEYS.failedSort(item.failed_at, item.id),
    id: item.id,
    kind: item.kind,
    error: item.error,
    failed_at: item.failed_at,
    receive_count: item.receive_count,
    body: item.body,
  }),
  fromItem: (i) => ({
    id: String(i.id),
    kind: String(i.kind),
    error: String(i.error),
    failed_at: String(i.failed_at),
    receive_count: Number(i.receive_count ?? 0),
    body: String(i.body ?? ''),
  }),
};

export const dynamoFailedItems = {
  async put(item: FailedQueueItem & { body: string }): Promise<void> {
    await putItem(failedJobItem.toItem(item));
  },
  /** The newest `limit` failed jobs (a request reads a bounded set: the queue screen shows the newest). */
  async list(limit: number): Promise<Array<FailedQueueItem & { body: string }>> {
    const items = await queryUpTo(
      {
        TableName: T(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': KEYS.failedPartition },
        ScanIndexForward: false,
      },
      limit,
    );
    return items.map(failedJobItem.fromItem);
  },
  async remove(id: string): Promise<void> {
    await deleteItem(KEYS.failed(id));
  },
};

// Licences of a practice ------------------------------------------------------------------------------

/**
 * What is kept against a practice's address: its account and the purchases of that account plus
 * the address's guest purchases. The routing rule (core/sync/practice-routing.ts) decides which
 * of them may receive the practice's events. One practice's purchases: a small partition per buyer.
 */
export const dynamoLicenceDirectory: LicenceDirectory = {
  async holdingsOf(email) {
    // The account holding the address: its own, or one a claim link linked it to (linked_emails).
    const user = await dynamoUsersRepository.findByEmail(email);
    const own = user?.email === email;
    // A linked address was proven by the claim link that linked it; the own one by verification.
    const proven = user ? (own ? user.email_verified : user.linked_emails.includes(email)) : false;
    // A proven address's practice holds all the account's purchases (its own and every address's
    // guest ones); an unproven one only its own guest ones and the account's (proven per purchase).
    const buyerIds =
      proven && user
        ? [...new Set([guestBuyerId(email), ...buyerIdsOf(user)])]
        : [guestBuyerId(email), ...(user ? [user.id] : [])];
    const lists = await Promise.all(
      buyerIds.map((id) =>
        queryAll(
          onIndex('GSI1', purchaseKeys.buyerPartition(id), {
            sortKey: 'begins_with(GSI1SK, :p)',
            ExpressionAttributeValues: { ':p': purchaseKeys.buyerSortPrefix },
          }),
        ),
      ),
    );
    return {
      account: user ? { id: user.id, email_verified: proven } : null,
      purchases: lists.flat().map(fromPurchaseItem),
      installs: await dynamoInstallStore.ofBuyers(buyerIds),
    };
  },

  async requested(appIds) {
    const asks = await Promise.all(appIds.map((id) => requestedPermissions(reviewedDeclarationSource, id)));
    return new Map(appIds.map((id, i) => [id, asks[i] ?? null] as const));
  },

  async listed(appIds) {
    // Only the fields the status is made of (a lean read; the sync bundle carries no app repository).
    const apps = await Promise.all(
      appIds.map((id) => getItem(appKey(id), { projection: ['id', 'type', 'is_approved', 'is_suspended'] })),
    );
    return new Set(
      apps.filter((a) => a !== undefined && appStatusOf(a) === 'Published').map((a) => String(a?.id ?? '')),
    );
  },
};
