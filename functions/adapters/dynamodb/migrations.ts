/**
 * Table migrations for items written before a change of their shape (issue 26): each runs once,
 * then writes its done-marker (MIGRATION#<name>). `npm start` runs them after the seed
 * (bin/local.ts); in the cloud `npx tsx bin/migrate-table.ts` runs them against TABLE_NAME once after a
 * deploy (docs/deploy.md). They read whole partitions: a script, never a request path.
 *
 * - sales-counters: the app item's sales counters (purchases-repo.ts SALES_COUNTERS) computed from
 *   the app's purchases, for apps sold before the counters were kept in the purchase transactions.
 * - catalogue-counts: the live catalogue counts item sync status reads (sync-repo.ts).
 * - user-search-and-counts: each account's search_text (admin search) and User Management's
 *   counts item (users-repo.ts), for accounts written before both were kept in their writes.
 * - audit-actor-ids: audit entries written while the actor partition was keyed by e-mail
 *   (AUDITACTOR#<email>) move to their actor's id (AUDITACTOR#<id>), so filtering the trail by an
 *   account finds its older entries too (audit-repo.ts).
 * - install-backfill: an `active` install for every delivered licence that has none (licences
 *   delivered before installs existed, whose practices' events the consent boundary would
 *   otherwise withhold): core/installs/install.ts backfilledInstall.
 * - catalogue-categories: the feature categories on the catalogue counts item (the category list's
 *   one read), for catalogues synced before each sync recorded them.
 * - admin-app-counts: App Management's counters (apps per type filter and status, apps-repo.ts),
 *   for apps written before they were moved in each app write's transaction.
 * - app-search-text: each app's search_text with its company (App Management's search).
 * - install-counters: each app's active_installs (installs-repo.ts ACTIVE_INSTALLS, App
 *   Management's Installs column) counted from its installs, for installs written before the
 *   counter moved in their writes' transactions.
 * - logs-by-day: delivery logs written while every log shared one all-logs partition (GSI2PK=LOGS)
 *   move to their day's (LOGS#<yyyy-mm-dd>, webhook-logs-repo.ts), so System Logs lists them.
 * - category-app-counts: each category counter's `all` (apps of every type and state filed under
 *   the slug: Category Management's app_count and the delete rule, apps-repo.ts), counted from every
 *   app, for apps written before it moved in each app write's transaction.
 * - pool-counts: each key pool's count of assigned keys (key-pool-repo.ts, the developer's edit
 *   view), counted from its keys, for keys claimed before the claim moved the counter.
 * - buyer-app-purchases: the buyer+app pointer of each purchase (purchases-repo.ts buyerAppPointer,
 *   which checkout's already-owned check and the review's licence check read instead of the
 *   buyer's whole history), for purchases written before create wrote it; purchases of apps
 *   deleted since are left out (they cannot be bought or reviewed).
 * - developer-manual-pending: each pending manual licence's entry in its developer's GSI4
 *   partition (manual-licences-repo.ts, the developer's paged list), for licences that went
 *   pending before their write set it.
 */
import { randomUUID } from 'node:crypto';
import { normaliseEmail } from '@shared/email';
import { backfilledInstall, isDeliveredLicence } from '../../core/installs/install';
import { requestedPermissions } from '../../core/installs/permissions';
import { buyerIdsOf, guestBuyerId } from '../../core/purchases/purchase';
import { summarise } from '../../core/purchases/purchases-service';
import { accountStatus } from '../../core/users/user';
import { tableName } from '../aws-clients';
import { adminCountOf, adminSearchText } from './apps-repo';
import { getItem, onIndex, putItem, queryAll, queryIndexPage, updateItem } from './dynamo';
import { ACTIVE_INSTALLS, dynamoInstallStore } from './installs-repo';
import {
  ALL_LOGS_PARTITION,
  adminAppCountsKey,
  appKey,
  appSalesPartition,
  auditKeys,
  CATEGORY_COUNTS_PK,
  categoryCountKey,
  installKeys,
  logsDayPartition,
  MARKET_PK,
  migrationMarker,
  POOL_KEY_SORT_PREFIX,
  poolCountKey,
  syncKeys,
  UNLISTED_PK,
  userKeys,
} from './keys';
import { indexDeveloperPendingOfApp } from './manual-licences-repo';
import { reviewedDeclarationSource } from './permissions-repo';
import { purchaseItem } from './purchase-item';
import { buyerAppPointer, SALES_COUNTERS } from './purchases-repo';
import { catalogueCategories, countCatalogue, dynamoCatalogueStore } from './sync-repo';
import { dynamoUsersRepository, searchText, userItem } from './users-repo';

export interface MigrationResult {
  name: string;
  /** false: its marker said it had run. */
  ran: boolean;
  items: number;
}

async function once(name: string, work: () => Promise<number>): Promise<MigrationResult> {
  if (await getItem(migrationMarker(name), { consistent: true })) return { name, ran: false, items: 0 };
  const items = await work();
  await putItem({ ...migrationMarker(name), entity: 'Migration', done_at: new Date().toISOString(), items });
  return { name, ran: true, items };
}

async function salesCounters(): Promise<number> {
  const apps = [
    ...(await queryAll(
      onIndex('GSI2', MARKET_PK, { ProjectionExpression: '#id', ExpressionAttributeNames: { '#id': 'id' } }),
    )),
    ...(await queryAll(
      onIndex('GSI2', UNLISTED_PK, { ProjectionExpression: '#id', ExpressionAttributeNames: { '#id': 'id' } }),
    )),
  ];
  for (const app of apps) {
    const id = String(app.id);
    const purchases = (await queryAll(onIndex('GSI2', appSalesPartition(id)))).map(purchaseItem.fromItem);
    const s = summarise(purchases);
    await updateItem(appKey(id), {
      UpdateExpression: 'SET #p = :p, #s = :s, #r = :r',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: {
        '#p': SALES_COUNTERS.purchases,
        '#s': SALES_COUNTERS.total_sales,
        '#r': SALES_COUNTERS.total_revenue_cents,
      },
      ExpressionAttributeValues: { ':p': s.purchases, ':s': s.total_sales, ':r': Math.round(s.total_revenue * 100) },
    }).catch(() => undefined); // an app deleted meanwhile
  }
  return apps.length;
}

async function catalogueCounts(): Promise<number> {
  if (await getItem(syncKeys.catalogueCounts)) return 0;
  await dynamoCatalogueStore.setCounts(await countCatalogue());
  return 1;
}

/** The feature categories on the counts item (GET /api/internal-sync/categories reads only that item). */
async function catalogueCategoriesItem(): Promise<number> {
  const stored = await getItem(syncKeys.catalogueCounts);
  if (Array.isArray(stored?.feature_categories)) return 0;
  await dynamoCatalogueStore.setCounts({}, await catalogueCategories());
  return 1;
}

/**
 * Fills search_text where an account lacks it and sets User Management's counts from every
 * account (absolute: run it while no account is being written, as a deploy's migration step is).
 * Also what bin/seed-scale.ts runs after writing its accounts.
 */
export async function recountUsers(): Promise<number> {
  const items = await queryAll(onIndex('GSI1', userKeys.listPartition));
  const counts = { all: 0, pending: 0, invited: 0 };
  for (const item of items) {
    const user = userItem.fromItem(item);
    counts.all++;
    const status = accountStatus(user);
    if (status === 'pending') counts.pending++;
    if (status === 'invited') counts.invited++;
    if (typeof item.search_text !== 'string') {
      await updateItem(userKeys.user(user.id), {
        UpdateExpression: 'SET search_text = :s',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':s': searchText(user) },
      }).catch(() => undefined); // an account deleted meanwhile
    }
  }
  await putItem({ ...userKeys.counts, entity: 'UserCounts', ...counts });
  return items.length;
}

/** Re-keys audit entries whose actor partition is the actor's e-mail; answers how many moved. */
export async function auditActorIds(): Promise<number> {
  const entries = await queryAll(
    onIndex('GSI1', auditKeys.allPartition, {
      ProjectionExpression: 'PK, SK, GSI2PK, actor_id',
    }),
  );
  let moved = 0;
  for (const keys of entries) {
    // The index may project keys only: the entry itself then.
    const entry = 'actor_id' in keys ? keys : await getItem({ PK: String(keys.PK), SK: String(keys.SK) });
    if (!entry || typeof entry.actor_id !== 'string' || !entry.actor_id) continue;
    const partition = auditKeys.actorPartition(entry.actor_id);
    if (entry.GSI2PK === partition) continue;
    await updateItem(
      { PK: String(entry.PK), SK: String(entry.SK) },
      {
        UpdateExpression: 'SET GSI2PK = :p',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':p': partition },
      },
    ).catch(() => undefined); // expired (TTL) meanwhile
    moved++;
  }
  return moved;
}

const appIds = async (): Promise<string[]> =>
  (
    await Promise.all(
      [MARKET_PK, UNLISTED_PK].map((pk) =>
        queryAll(onIndex('GSI2', pk, { ProjectionExpression: '#id', ExpressionAttributeNames: { '#id': 'id' } })),
      ),
    )
  )
    .flat()
    .map((a) => String(a.id));

/**
 * Every buyer id of the practice that holds `buyerId`'s purchases: an account's own and its
 * addresses' guest ones; for a guest purchase, those of the account holding its address, if any.
 */
async function practiceBuyerIds(buyerId: string, email: string): Promise<string[]> {
  const user =
    buyerId === guestBuyerId(email)
      ? await dynamoUsersRepository.findByEmail(normaliseEmail(email))
      : await dynamoUsersRepository.findById(buyerId);
  return [...new Set([buyerId, ...(user ? buyerIdsOf(user) : [])])];
}

/**
 * install-backfill for one app: each delivered licence of it whose practice has no install of the
 * app (under any of its buyer ids: an install there, even revoked, is the practice's say and
 * stays) gets backfilledInstall, granting what the app requests now. The app's purchases are read
 * a page at a time; the puts are conditional (attribute_not_exists), so a run again, or a licence
 * delivered meanwhile (whose delivery made its install), creates nothing more. No install.created
 * is sent: the app has been receiving this practice's events all along. Returns how many it created.
 */
export async function backfillInstallsOfApp(appId: string, now = new Date()): Promise<number> {
  const declared = await requestedPermissions(reviewedDeclarationSource, appId);
  const partition = appSalesPartition(appId);
  const seen = new Set<string>();
  let created = 0;
  let cursor: string | undefined;
  do {
    // Oldest first: the install dates from the practice's first delivered licence of the app.
    const page = await queryIndexPage(
      'GSI2',
      partition,
      { limit: 100, cursor, invalid: 'not a cursor of the app' },
      { ScanIndexForward: true },
    );
    for (const purchase of page.items.map(purchaseItem.fromItem)) {
      if (!isDeliveredLicence(purchase) || seen.has(purchase.user_id)) continue;
      seen.add(purchase.user_id);
      const ids = await practiceBuyerIds(purchase.user_id, purchase.buyer_email);
      if ((await dynamoInstallStore.ofBuyers(ids)).some((i) => i.app_id === appId)) continue;
      const install = backfilledInstall(purchase, declared, randomUUID(), now.toISOString());
      if (await dynamoInstallStore.create(install)) created++;
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return created;
}

/** install-backfill for every app (apps deleted since have no item: nothing routes to them). */
async function backfillInstalls(): Promise<number> {
  let created = 0;
  for (const id of await appIds()) created += await backfillInstallsOfApp(id);
  return created;
}

/**
 * Sets App Management's counters (apps per type filter and status) from every app (absolute: run it
 * while no app is being written, as a deploy's migration step is). Also what bin/seed-scale.ts runs
 * after writing its apps.
 */
export async function recountAdminApps(): Promise<number> {
  const names = { '#t': 'type', '#a': 'is_approved', '#s': 'is_suspended' };
  const part = (pk: string) =>
    queryAll<{ type?: string; is_approved?: boolean; is_suspended?: boolean }>(
      onIndex('GSI2', pk, { ProjectionExpression: '#t, #a, #s', ExpressionAttributeNames: names }),
    );
  const apps = (await Promise.all([part(MARKET_PK), part(UNLISTED_PK)])).flat();
  const counts: Record<string, number> = {};
  for (const app of apps) counts[adminCountOf(app)] = (counts[adminCountOf(app)] ?? 0) + 1;
  await putItem({ ...adminAppCountsKey, entity: 'AdminAppCounts', ...counts });
  return apps.length;
}

/** Each app's search_text as App Management's search reads it now: its name and its company. */
async function appSearchText(): Promise<number> {
  type Named = { id: string; name?: string; company_name?: string; search_text?: string };
  const names = { '#id': 'id', '#n': 'name', '#c': 'company_name', '#s': 'search_text' };
  const part = (pk: string) =>
    queryAll<Named>(onIndex('GSI2', pk, { ProjectionExpression: '#id, #n, #c, #s', ExpressionAttributeNames: names }));
  const stale = (await Promise.all([part(MARKET_PK), part(UNLISTED_PK)]))
    .flat()
    .filter((a) => a.search_text !== adminSearchText(a));
  for (const app of stale) {
    await updateItem(appKey(app.id), {
      UpdateExpression: 'SET search_text = :s',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':s': adminSearchText(app) },
    }).catch(() => undefined); // an app deleted meanwhile
  }
  return stale.length;
}

/** One app's active installs counted from its installs (GSI1 APPINSTALLS#<id>) onto its item; the count. */
export async function countInstallsOfApp(appId: string): Promise<number> {
  const active = await queryAll(
    onIndex('GSI1', installKeys.appPartition(appId), {
      ProjectionExpression: '#s',
      FilterExpression: '#s = :active',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':active': 'active' },
    }),
  );
  await updateItem(appKey(appId), {
    UpdateExpression: 'SET #i = :n',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeNames: { '#i': ACTIVE_INSTALLS },
    ExpressionAttributeValues: { ':n': active.length },
  }).catch(() => undefined); // an app deleted meanwhile
  return active.length;
}

/** Every app's active_installs (countInstallsOfApp). */
async function installCounters(): Promise<number> {
  const ids = async (pk: string) =>
    queryAll<{ id: string }>(
      onIndex('GSI2', pk, { ProjectionExpression: '#id', ExpressionAttributeNames: { '#id': 'id' } }),
    );
  const apps = (await Promise.all([ids(MARKET_PK), ids(UNLISTED_PK)])).flat();
  for (const app of apps) await countInstallsOfApp(app.id);
  return apps.length;
}

/** Delivery logs of the one all-logs partition move to their day's partition. */
export async function logsByDay(): Promise<number> {
  const items = await queryAll<{ PK: string; SK: string; created_at?: string }>(
    onIndex('GSI2', ALL_LOGS_PARTITION, { ProjectionExpression: 'PK, SK, created_at' }),
  );
  for (const item of items) {
    await updateItem(
      { PK: item.PK, SK: item.SK },
      {
        UpdateExpression: 'SET GSI2PK = :pk',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':pk': logsDayPartition(String(item.created_at ?? '').slice(0, 10)) },
      },
    ).catch(() => undefined); // expired and deleted meanwhile
  }
  return items.length;
}

/**
 * Sets each category counter's `all` from every app (absolute: run it while no app is being
 * written, as a deploy's migration step is); counters of slugs no app uses any more read 0.
 */
export async function recountCategoryApps(): Promise<number> {
  const part = (pk: string) =>
    queryAll<{ category_slug?: string }>(onIndex('GSI2', pk, { ProjectionExpression: 'category_slug' }));
  const apps = (await Promise.all([part(MARKET_PK), part(UNLISTED_PK)])).flat();
  const counts = new Map<string, number>();
  for (const { category_slug: slug } of apps) if (slug) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  const existing = await queryAll<{ SK: string }>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': CATEGORY_COUNTS_PK },
    ProjectionExpression: 'SK',
  });
  for (const { SK } of existing) if (!counts.has(SK)) counts.set(SK, 0);
  for (const [slug, n] of counts) {
    await updateItem(categoryCountKey(slug), {
      UpdateExpression: 'SET #all = :n, entity = :entity',
      ExpressionAttributeNames: { '#all': 'all' },
      ExpressionAttributeValues: { ':n': n, ':entity': 'CategoryCount' },
    });
  }
  return apps.length;
}

/** Each app's pool counter of assigned keys, counted from its pool (apps without assigned keys are left alone). */
async function poolCounts(): Promise<number> {
  let pools = 0;
  for (const id of await appIds()) {
    const assigned = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      FilterExpression: '#s = :assigned',
      ProjectionExpression: 'SK',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':pk': appKey(id).PK, ':sk': POOL_KEY_SORT_PREFIX, ':assigned': 'assigned' },
    });
    if (assigned.length === 0) continue;
    await updateItem(poolCountKey(id), {
      UpdateExpression: 'SET assigned = :n, entity = :entity',
      ExpressionAttributeValues: { ':n': assigned.length, ':entity': 'PoolCount' },
    });
    pools++;
  }
  return pools;
}

/** The buyer+app pointer (buyerAppPointer) of each of one app's purchases, read through its sales index. */
export async function buyerAppPurchasesOfApp(appId: string): Promise<number> {
  const sales = await queryAll(
    onIndex('GSI2', appSalesPartition(appId), {
      ProjectionExpression: '#id, user_id, created_at',
      ExpressionAttributeNames: { '#id': 'id' },
    }),
  );
  let written = 0;
  for (const p of sales) {
    if (typeof p.id !== 'string' || typeof p.user_id !== 'string' || typeof p.created_at !== 'string') continue;
    await putItem(buyerAppPointer({ id: p.id, user_id: p.user_id, app_id: appId, created_at: p.created_at }));
    written++;
  }
  return written;
}

/** Every listed or unlisted app's purchases' buyer+app pointers. */
async function buyerAppPurchases(): Promise<number> {
  let written = 0;
  for (const id of await appIds()) written += await buyerAppPurchasesOfApp(id);
  return written;
}

/** Every listed or unlisted app's pending manual licences into their developer's GSI4 partition. */
async function developerManualPending(): Promise<number> {
  let indexed = 0;
  for (const id of await appIds()) indexed += await indexDeveloperPendingOfApp(id);
  return indexed;
}

/** Runs every migration not yet done, in order. */
export async function migrateTable(): Promise<MigrationResult[]> {
  return [
    await once('sales-counters', salesCounters),
    await once('catalogue-counts', catalogueCounts),
    await once('catalogue-categories', catalogueCategoriesItem),
    await once('user-search-and-counts', recountUsers),
    await once('audit-actor-ids', auditActorIds),
    await once('install-backfill', backfillInstalls),
    await once('admin-app-counts', recountAdminApps),
    await once('app-search-text', appSearchText),
    await once('install-counters', installCounters),
    await once('logs-by-day', logsByDay),
    await once('category-app-counts', recountCategoryApps),
    await once('pool-counts', poolCounts),
    await once('buyer-app-purchases', buyerAppPurchases),
    await once('developer-manual-pending', developerManualPending),
  ];
}
