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
 */
import { summarise } from '../../core/purchases/purchases-service';
import { accountStatus } from '../../core/users/user';
import { getItem, onIndex, putItem, queryAll, updateItem } from './dynamo';
import {
  appKey,
  appSalesPartition,
  auditKeys,
  MARKET_PK,
  migrationMarker,
  syncKeys,
  UNLISTED_PK,
  userKeys,
} from './keys';
import { purchaseItem } from './purchase-item';
import { SALES_COUNTERS } from './purchases-repo';
import { countCatalogue, dynamoCatalogueStore } from './sync-repo';
import { searchText, userItem } from './users-repo';

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

/** Runs every migration not yet done, in order. */
export async function migrateTable(): Promise<MigrationResult[]> {
  return [
    await once('sales-counters', salesCounters),
    await once('catalogue-counts', catalogueCounts),
    await once('user-search-and-counts', recountUsers),
    await once('audit-actor-ids', auditActorIds),
  ];
}
