/**
 * Licence delivery on purchase items: claiming a pool key, assigning a key, marking a purchase
 * undelivered, and the app's licence webhook secret. Implements LicenceStore
 * (functions/core/licences/ports.ts). Every key given to a purchase gets its licence-key lookup
 * item in the same transaction (contract 2 in licences-read-repo.ts).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LicenseStatus } from '@shared/constants';
import type { ClaimOutcome, LicenceStore } from '../../core/licences/ports';
import { documentClient, tableName } from '../aws-clients';
import {
  conditionally,
  failedAt as failed,
  isConditionFailure,
  projection,
  queryAll,
  str,
  type TransactItem,
  transactOrCancellationCodes,
  tx,
  updateItem,
} from './dynamo';
import {
  appPartition,
  appSalesPartition,
  developerManualPartition,
  MANUAL_PENDING_PARTITION,
  POOL_KEY_SORT_PREFIX,
  poolCountKey,
  purchaseKeys,
  timeSort,
} from './keys';
import { licenceKeyLookupItem } from './purchase-item';

const db = () => documentClient();

/** Condition: a completed purchase still waiting for its licence (first delivery, or out of stock). */
export const AWAITING_LICENCE = '#status = :completed AND (fulfilment = :pending OR license_status = :oos)';
export const AWAITING_VALUES = { ':completed': 'completed', ':pending': 'pending', ':oos': 'out_of_stock' };

function purchaseLicenceUpdate(purchaseId: string, key: string, expiresAt: string | null | undefined): TransactItem {
  const now = new Date().toISOString();
  return tx.update(purchaseKeys.purchase(purchaseId), {
    ConditionExpression: AWAITING_LICENCE,
    UpdateExpression: `SET license_key = :key, license_status = :assigned, fulfilment = :done, fulfilled_at = :now${
      expiresAt !== undefined ? ', expires_at = :exp' : ''
    }`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ...AWAITING_VALUES,
      ':key': key,
      ':assigned': 'assigned',
      ':done': 'done',
      ':now': now,
      ...(expiresAt !== undefined ? { ':exp': expiresAt } : {}),
    },
  });
}

export function lookupPut(appId: string, key: string, purchaseId: string): TransactItem {
  return tx.putNew(licenceKeyLookupItem(appId, key, purchaseId));
}

export const dynamoLicenceStore: LicenceStore = {
  async availablePoolKeys(appId, limit, opts = {}) {
    if (!opts.consistent) {
      const res = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          ExpressionAttributeValues: { ':pk': purchaseKeys.poolAvailablePartition(appId) },
          Limit: limit,
          ...projection(['key']),
        }),
      );
      return (res.Items ?? []).map((i) => str(i.key)).filter((k): k is string => k !== null);
    }
    // The table itself, strongly consistent: also finds keys stored without the GSI3 attributes.
    const keys: string[] = [];
    let start: Record<string, unknown> | undefined;
    const { ProjectionExpression, ExpressionAttributeNames } = projection(['key']);
    do {
      const res = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
          FilterExpression: '#status = :available',
          ProjectionExpression,
          ExpressionAttributeNames: { ...ExpressionAttributeNames, '#status': 'status' },
          ExpressionAttributeValues: {
            ':pk': appPartition(appId),
            ':sk': POOL_KEY_SORT_PREFIX,
            ':available': 'available',
          },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of res.Items ?? []) {
        const k = str(item.key);
        if (k) keys.push(k);
      }
      start = res.LastEvaluatedKey;
    } while (start && keys.length < limit);
    return keys.slice(0, limit);
  },

  async claimPoolKey({ appId, key, purchaseId, assignedAt }): Promise<ClaimOutcome> {
    const codes = await transactOrCancellationCodes(
      [
        tx.update(purchaseKeys.poolKey(appId, key), {
          ConditionExpression: '#status = :available',
          UpdateExpression: 'SET #status = :assigned, purchase_id = :pid, assigned_at = :at REMOVE GSI3PK, GSI3SK',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':available': 'available',
            ':assigned': 'assigned',
            ':pid': purchaseId,
            ':at': assignedAt,
          },
        }),
        purchaseLicenceUpdate(purchaseId, key, undefined),
        lookupPut(appId, key, purchaseId),
        // The pool's count of assigned keys (the developer's edit view reads it, key-pool-repo.ts).
        tx.update(poolCountKey(appId), {
          UpdateExpression: 'ADD assigned :one SET entity = :entity',
          ExpressionAttributeValues: { ':one': 1, ':entity': 'PoolCount' },
        }),
      ],
      1,
    );
    if (!codes) return 'claimed';
    if (failed(codes, 1)) return 'purchase_done';
    if (failed(codes, 0) || failed(codes, 2)) return 'key_taken';
    return 'conflict';
  },

  async assignKey({ appId, purchaseId, key, expiresAt }) {
    const update = purchaseLicenceUpdate(purchaseId, key, expiresAt);
    const codes = await transactOrCancellationCodes([update, lookupPut(appId, key, purchaseId)]);
    if (!codes) return 'assigned';
    if (failed(codes, 0)) return 'purchase_done';
    if (!failed(codes, 1)) throw new Error(`licence assignment kept conflicting: ${codes.join(', ')}`);
    // The key already has its lookup item: the purchase gets the key, the lookup stays as it is.
    const again = await transactOrCancellationCodes([update]);
    if (!again) return 'assigned_shared';
    if (failed(again, 0)) return 'purchase_done';
    throw new Error(`licence assignment kept conflicting: ${again.join(', ')}`);
  },

  async setUndelivered(purchase, status: Extract<LicenseStatus, 'manual_pending' | 'out_of_stock'>) {
    const purchaseId = purchase.id;
    const at = new Date().toISOString();
    // Manual licences also join the MANUALPENDING partition of GSI3 (reminders, the admin's overdue
    // count) and their developer's DEVMANUAL# partition of GSI4 (the developer's paged list).
    const manual = status === 'manual_pending';
    return conditionally(
      updateItem(purchaseKeys.purchase(purchaseId), {
        ConditionExpression: '#status = :completed AND fulfilment = :pending',
        UpdateExpression: `SET license_status = :ls, fulfilment = :done, fulfilled_at = :now${
          manual ? ', GSI3PK = :mpk, GSI3SK = :msk, GSI4PK = :dpk, GSI4SK = :msk' : ''
        }`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':pending': 'pending',
          ':ls': status,
          ':done': 'done',
          ':now': at,
          ...(manual
            ? {
                ':mpk': MANUAL_PENDING_PARTITION,
                ':msk': timeSort(at, purchaseId),
                ':dpk': developerManualPartition(purchase.developer_id),
              }
            : {}),
        },
      }),
    );
  },

  async outOfStockPurchaseIds(appId) {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      FilterExpression: '#status = :completed AND license_status = :oos',
      ProjectionExpression: 'id',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pk': appSalesPartition(appId), ':completed': 'completed', ':oos': 'out_of_stock' },
      ScanIndexForward: true,
    });
    return items.map((i) => str(i.id)).filter((id): id is string => id !== null);
  },

  async licenceWebhookSecret(appId, candidate) {
    try {
      const res = await updateItem(purchaseKeys.app(appId), {
        ConditionExpression: 'attribute_exists(PK)',
        UpdateExpression: 'SET license_webhook_secret = if_not_exists(license_webhook_secret, :s)',
        ExpressionAttributeValues: { ':s': candidate },
        ReturnValues: 'UPDATED_NEW',
      });
      return str(res.Attributes?.license_webhook_secret) ?? undefined;
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  },
};
