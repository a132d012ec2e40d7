/**
 * Manual licences (core/licences/manual-licences.ts): purchase items while their licence status is
 * manual_pending. They sit in the MANUALPENDING partition of GSI3 (GSI3SK = <pending since>#<id>)
 * for reminders and the admin's overdue count; those from before that index are indexed once
 * (marker LEGACY_PENDING_MARKER).
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
import { appSalesPartition, LEGACY_PENDING_MARKER, MANUAL_PENDING_PARTITION, purchaseKeys, timeSort } from './keys';
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

/** The completed purchases still waiting for a manual licence in one index partition, oldest first. */
async function pendingOn(index: 'GSI2' | 'GSI3', pk: string) {
  const items = await queryAll(
    onIndex(index, pk, {
      FilterExpression: '#status = :completed AND license_status = :mp',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':completed': 'completed', ':mp': 'manual_pending' },
      ScanIndexForward: true,
    }),
  );
  return items.map(toPendingManual);
}

/** Manual licences (core/licences/manual-licences.ts): the purchase items while manual_pending. */
export const dynamoManualLicences: ManualLicenceStore = {
  pendingByApp: (appId) => pendingOn('GSI2', appSalesPartition(appId)),

  allPending: () => pendingOn('GSI3', MANUAL_PENDING_PARTITION),

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
        } REMOVE GSI3PK, GSI3SK`,
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
    // Delivered (fulfilment done, or from before fulfilment was tracked) and never indexed.
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      FilterExpression:
        '#status = :completed AND license_status = :mp AND attribute_not_exists(GSI3PK) AND ' +
        '(attribute_not_exists(fulfilment) OR fulfilment <> :pending)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': appSalesPartition(appId),
        ':completed': 'completed',
        ':mp': 'manual_pending',
        ':pending': 'pending',
      },
    });
    let indexed = 0;
    for (const item of items) {
      const { purchase, pending_since } = toPendingManual(item);
      try {
        await updateItem(purchaseKeys.purchase(purchase.id), {
          ConditionExpression: 'license_status = :mp AND attribute_not_exists(GSI3PK)',
          UpdateExpression: 'SET GSI3PK = :mpk, GSI3SK = :msk',
          ExpressionAttributeValues: {
            ':mp': 'manual_pending',
            ':mpk': MANUAL_PENDING_PARTITION,
            ':msk': timeSort(pending_since, purchase.id),
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
