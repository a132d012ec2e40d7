/**
 * Installs (functions/core/installs):
 *
 * | Access pattern                              | Index | Key condition                                 |
 * |---------------------------------------------|-------|-----------------------------------------------|
 * | a buyer's install of an app                 | table | PK=INSTALLS#<buyerId>, SK=INSTALL#<appId>     |
 * | a buyer's installs (one per app it licensed)| table | PK=INSTALLS#<buyerId>, SK begins INSTALL#     |
 * | an app's installs, newest first             | GSI1  | GSI1PK=APPINSTALLS#<appId>, GSI1SK=<at>#<id>  |
 * | active installs counter (tx, on the app item)| table | PK=APP#<appId>: ADD active_installs +1 / -1   |
 *
 * The app's active_installs counter (App Management's Installs column) moves in the same
 * transaction as the install write that makes an install active or takes it out of active; an app
 * deleted meanwhile has no item to count on, and the install is written alone.
 */
import type { InstallRecord } from '../../core/installs/install';
import type { InstallStore } from '../../core/installs/ports';
import {
  conditionally,
  failedAt,
  getItem,
  type ItemMapper,
  inPartition,
  putItem,
  queryIndexPage,
  queryUpTo,
  type TransactItem,
  transactOrCancellationCodes,
  tx,
  updateItem,
} from './dynamo';
import { appKey, installKeys } from './keys';

/** The app item's attribute counting its active installs (bin: the install-counters migration fills it). */
export const ACTIVE_INSTALLS = 'active_installs';

const activeness = (status: InstallRecord['status'] | undefined) => (status === 'active' ? 1 : 0);

/**
 * Writes the install (its Put, with its condition), and when it enters or leaves `active` moves the
 * app's counter in the same transaction. False when the install's condition did not hold.
 */
async function writeCounted(put: TransactItem, appId: string, delta: number): Promise<boolean> {
  if (delta === 0) {
    const p = put.Put as NonNullable<TransactItem['Put']>;
    return conditionally(
      putItem(p.Item as Record<string, unknown>, {
        ConditionExpression: p.ConditionExpression,
        ...(p.ExpressionAttributeValues ? { ExpressionAttributeValues: p.ExpressionAttributeValues } : {}),
      }),
    );
  }
  const counter = tx.update(appKey(appId), {
    UpdateExpression: `ADD ${ACTIVE_INSTALLS} :d`,
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':d': delta },
  });
  const codes = await transactOrCancellationCodes([put, counter]);
  if (!codes) return true;
  if (failedAt(codes, 0)) return false;
  if (failedAt(codes, 1)) return writeCounted(put, appId, 0); // the app is gone: nothing to count on
  throw new Error(`install write kept conflicting (${codes.join(', ')})`);
}

/** Installs read per buyer id: a practice holds one per app it licensed (far fewer than this). */
export const MAX_INSTALLS_PER_BUYER = 200;
const INVALID_CURSOR = 'cursor is not a cursor of this list';

function accessLinkOf(v: unknown): InstallRecord['access_link'] {
  const link = (v ?? {}) as Record<string, unknown>;
  return typeof link.hash === 'string' && typeof link.expires_at === 'number'
    ? { hash: link.hash, expires_at: link.expires_at }
    : null;
}

export const installItem: ItemMapper<InstallRecord> = {
  toItem: (i) => ({
    ...installKeys.install(i.buyer_id, i.app_id),
    GSI1PK: installKeys.appPartition(i.app_id),
    GSI1SK: installKeys.appSort(i.installed_at, i.id),
    entity: 'Install',
    id: i.id,
    buyer_id: i.buyer_id,
    app_id: i.app_id,
    app: { id: i.app.id, name: i.app.name, slug: i.app.slug },
    customer_email: i.customer_email,
    status: i.status,
    granted: { event_types: i.granted.event_types, features: i.granted.features },
    declaration_version: i.declaration_version,
    installed_at: i.installed_at,
    updated_at: i.updated_at,
    revoked_at: i.revoked_at,
    ...(i.access_link ? { access_link: { hash: i.access_link.hash, expires_at: i.access_link.expires_at } } : {}),
  }),
  fromItem: (item) => {
    const app = (item.app ?? {}) as Record<string, unknown>;
    const granted = (item.granted ?? {}) as Record<string, unknown>;
    const status = item.status === 'active' || item.status === 'revoked' ? item.status : 'pending';
    return {
      id: String(item.id ?? ''),
      buyer_id: String(item.buyer_id ?? ''),
      app_id: String(item.app_id ?? ''),
      app: {
        id: String(app.id ?? item.app_id ?? ''),
        name: String(app.name ?? 'Deleted app'),
        slug: typeof app.slug === 'string' ? app.slug : null,
      },
      customer_email: String(item.customer_email ?? ''),
      status,
      granted: {
        event_types: Array.isArray(granted.event_types) ? granted.event_types.map(String) : [],
        features: Array.isArray(granted.features) ? (granted.features as InstallRecord['granted']['features']) : [],
      },
      declaration_version: typeof item.declaration_version === 'string' ? item.declaration_version : null,
      installed_at: String(item.installed_at ?? ''),
      updated_at: String(item.updated_at ?? ''),
      revoked_at: typeof item.revoked_at === 'string' ? item.revoked_at : null,
      access_link: accessLinkOf(item.access_link),
    };
  },
};

export const dynamoInstallStore: InstallStore = {
  async get(buyerId, appId) {
    const item = await getItem(installKeys.install(buyerId, appId));
    return item ? installItem.fromItem(item) : undefined;
  },
  create: (install) =>
    writeCounted(
      tx.put(installItem.toItem(install), { ConditionExpression: 'attribute_not_exists(PK)' }),
      install.app_id,
      activeness(install.status),
    ),
  replace: (install, expectedUpdatedAt, previousStatus) =>
    writeCounted(
      tx.put(installItem.toItem(install), {
        ConditionExpression: 'updated_at = :expected',
        ExpressionAttributeValues: { ':expected': expectedUpdatedAt },
      }),
      install.app_id,
      activeness(install.status) - activeness(previousStatus),
    ),
  async setAccessLink(buyerId, appId, link) {
    await updateItem(installKeys.install(buyerId, appId), {
      UpdateExpression: 'SET access_link = :l',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':l': { hash: link.hash, expires_at: link.expires_at } },
    });
  },
  async ofBuyers(buyerIds) {
    const lists = await Promise.all(
      [...new Set(buyerIds)].map((id) =>
        queryUpTo(
          inPartition(installKeys.buyerPartition(id), installKeys.buyerSortPrefix, { ConsistentRead: true }),
          MAX_INSTALLS_PER_BUYER,
        ),
      ),
    );
    return lists.flat().map(installItem.fromItem);
  },
  async pageOfApp(appId, limit, cursor) {
    const partition = installKeys.appPartition(appId);
    const page = await queryIndexPage('GSI1', partition, { limit, cursor, invalid: INVALID_CURSOR });
    return { items: page.items.map(installItem.fromItem), next_cursor: page.next_cursor };
  },
};
