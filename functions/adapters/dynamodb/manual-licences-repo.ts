/**
 * Manual licences (core/licences/manual-licences.ts): purchase items while their licence status is
 * manual_pending. They sit in the MANUALPENDING partition of GSI3 (GSI3SK = <pending since>#<id>)
 * for reminders and the admin's overdue count; those from before that index are indexed once
 * (marker LEGACY_PENDING_MARKER). They also sit in their developer's DEVMANUAL#<developer id>
 * partition of GSI4 (same sort key): the developer's list reads one page of it. Both are set when
 * the licence goes pending and removed in the write that completes it (GSI4 also with a refund);
 * those pending from before GSI4 are brought in by the 'developer-manual-pending' migration.
 */
import type { ManualLicenceStore, PendingManualLicence } from '../../core/licences/manual-licences';
import { tableName } from '../aws-clients';
import {
  conditionally,
  failedAt as failed,
  getItem,
  isConditionFailure,
  onIndex,
  putItem,
  queryAll,
  queryCursorPage,
  queryUpTo,
  str,
  type TransactItem,
  transactOrCancellationCodes,
  tx,
  updateItem,
} from './dynamo';
import {
  appSalesPartition,
  developerManualPartition,
  LEGACY_PENDING_MARKER,
  MANUAL_PENDING_PARTITION,
  purchaseKeys,
  timeSort,
} from './keys';
import { lookupPut } from './licence-store-repo';
import { fromPurchaseItem } from './purchase-item';

const toPendingManual = (item: Record<string, unknown>): PendingManualLicence => ({
  purchase: fromPurchaseItem(item),
  pending_since: str(item.fulfilled_at) ?? str(item.completed_at) ?? str(item.created_at) ?? '',
  reminded_at: str(item.manual_reminded_at),
});

const PENDING_FILTER = {
  FilterExpression: '#status = :completed AND license_status = :mp',
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: { ':completed': 'completed', ':mp': 'manual_pending' },
};
export const MANUAL_CURSOR_INVALID = 'cursor is not a cursor of this list';

/** Every completed purchase still waiting for a manual licence, oldest first (the reminder worker's walk). */
async function allPendingOnIndex() {
  const items = await queryAll(
    onIndex('GSI3', MANUAL_PENDING_PARTITION, {
      FilterExpression: '#status = :completed AND license_status = :mp',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':completed': 'completed', ':mp': 'manual_pending' },
      ScanIndexForward: true,
    }),
  );
  return items.map(toPendingManual);
}

/**
 * The app's delivered pending manual licences (fulfilment done, or from before fulfilment was
 * tracked) that lack `indexKey`: what each index's one-off backfill walks (the app's whole sales
 * partition).
 */
async function deliveredPendingOfAppWithout(appId: string, indexKey: 'GSI3PK' | 'GSI4PK') {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    FilterExpression:
      `#status = :completed AND license_status = :mp AND attribute_not_exists(${indexKey}) AND ` +
      '(attribute_not_exists(fulfilment) OR fulfilment <> :pending)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': appSalesPartition(appId),
      ':completed': 'completed',
      ':mp': 'manual_pending',
      ':pending': 'pending',
    },
  });
  return items.map(toPendingManual);
}

/**
 * Puts the app's pending manual licences that lack their developer's GSI4 entry into it (the
 * 'developer-manual-pending' migration, a script: it reads the app's whole sales partition).
 * Delivered ones only: one still being fulfilled gets it when it goes pending. Returns how many.
 */
export async function indexDeveloperPendingOfApp(appId: string): Promise<number> {
  let indexed = 0;
  for (const { purchase, pending_since } of await deliveredPendingOfAppWithout(appId, 'GSI4PK')) {
    if (!purchase.developer_id) continue;
    const indexedNow = await conditionally(
      updateItem(purchaseKeys.purchase(purchase.id), {
        ConditionExpression: '#status = :completed AND license_status = :mp AND attribute_not_exists(GSI4PK)',
        UpdateExpression: 'SET GSI4PK = :dpk, GSI4SK = :dsk',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':mp': 'manual_pending',
          ':dpk': developerManualPartition(purchase.developer_id),
          ':dsk': timeSort(pending_since, purchase.id),
        },
      }),
    );
    if (indexedNow) indexed++;
  }
  return indexed;
}

/** Manual licences (core/licences/manual-licences.ts): the purchase items while manual_pending. */
export const dynamoManualLicences: ManualLicenceStore = {
  async pendingPageForDeveloper(developerId, limit, cursor) {
    const partition = developerManualPartition(developerId);
    // The index holds only pending licences (completion and refund take them out in the same
    // write); the filter is a guard, so a page can hold fewer than `limit` with a next cursor.
    const page = await queryCursorPage(onIndex('GSI4', partition, { ...PENDING_FILTER, ScanIndexForward: true }), {
      limit,
      cursor,
      index: 'GSI4',
      partition,
      invalid: MANUAL_CURSOR_INVALID,
    });
    return { items: page.items.map(toPendingManual), next_cursor: page.next_cursor };
  },

  allPending: allPendingOnIndex,

  async pendingPage(limit, cursor) {
    const page = await queryCursorPage(
      onIndex('GSI3', MANUAL_PENDING_PARTITION, { ...PENDING_FILTER, ScanIndexForward: true }),
      {
        limit,
        cursor,
        index: 'GSI3',
        partition: MANUAL_PENDING_PARTITION,
        invalid: MANUAL_CURSOR_INVALID,
      },
    );
    return { items: page.items.map(toPendingManual), next_cursor: page.next_cursor };
  },

  async pendingCounts(overdueBefore, cap) {
    // At most `cap` each, keys only. The index holds the pending licences (completing one takes it
    // out in the same write); the filter leaves out one refunded while it waited.
    const count = async (overdue: boolean) =>
      (
        await queryUpTo(
          onIndex('GSI3', MANUAL_PENDING_PARTITION, {
            ...PENDING_FILTER,
            ...(overdue ? { sortKey: 'GSI3SK < :cut' } : {}),
            ExpressionAttributeValues: {
              ...PENDING_FILTER.ExpressionAttributeValues,
              ...(overdue ? { ':cut': overdueBefore } : {}),
            },
            ProjectionExpression: 'PK',
          }),
          cap,
        )
      ).length;
    const [pending, overdue] = await Promise.all([count(false), count(true)]);
    return { pending, overdue };
  },

  async get(purchaseId) {
    const item = await getItem(purchaseKeys.purchase(purchaseId));
    return item ? toPendingManual(item) : undefined;
  },

  async complete({ purchaseId, appId, licenseKey, at }) {
    const update = (): TransactItem =>
      tx.update(purchaseKeys.purchase(purchaseId), {
        ConditionExpression: '#status = :completed AND license_status = :mp',
        UpdateExpression: `SET license_status = :ls, manual_completed_at = :at${
          licenseKey ? ', license_key = :key' : ''
        } REMOVE GSI3PK, GSI3SK, GSI4PK, GSI4SK`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':mp': 'manual_pending',
          ':ls': licenseKey ? 'assigned' : 'active',
          ':at': at,
          ...(licenseKey ? { ':key': licenseKey } : {}),
        },
      });
    const codes = await transactOrCancellationCodes(
      licenseKey ? [update(), lookupPut(appId, licenseKey, purchaseId)] : [update()],
    );
    if (!codes) return 'completed';
    if (failed(codes, 0)) return 'not_pending';
    if (!licenseKey || !failed(codes, 1)) throw new Error(`manual licence kept conflicting: ${codes.join(', ')}`);
    // The key already has its lookup item (a key issued before): the purchase still gets it.
    const again = await transactOrCancellationCodes([update()]);
    if (!again) return 'completed';
    if (failed(again, 0)) return 'not_pending';
    throw new Error(`manual licence kept conflicting: ${again.join(', ')}`);
  },

  async legacyPendingIndexed() {
    return (await getItem(LEGACY_PENDING_MARKER)) !== undefined;
  },

  async indexLegacyPending(appId) {
    let indexed = 0;
    for (const { purchase, pending_since } of await deliveredPendingOfAppWithout(appId, 'GSI3PK')) {
      try {
        await updateItem(purchaseKeys.purchase(purchase.id), {
          ConditionExpression: 'license_status = :mp AND attribute_not_exists(GSI3PK)',
          UpdateExpression: `SET GSI3PK = :mpk, GSI3SK = :msk${purchase.developer_id ? ', GSI4PK = :dpk, GSI4SK = :msk' : ''}`,
          ExpressionAttributeValues: {
            ':mp': 'manual_pending',
            ':mpk': MANUAL_PENDING_PARTITION,
            ':msk': timeSort(pending_since, purchase.id),
            ...(purchase.developer_id ? { ':dpk': developerManualPartition(purchase.developer_id) } : {}),
          },
        });
        indexed++;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    return indexed;
  },

  async markLegacyPendingIndexed(at) {
    await putItem({ ...LEGACY_PENDING_MARKER, entity: 'Migration', done_at: at });
  },

  async markReminded(purchaseId, at) {
    return conditionally(
      updateItem(purchaseKeys.purchase(purchaseId), {
        ConditionExpression: 'license_status = :mp AND attribute_not_exists(manual_reminded_at)',
        UpdateExpression: 'SET manual_reminded_at = :at',
        ExpressionAttributeValues: { ':mp': 'manual_pending', ':at': at },
      }),
    );
  },
};
