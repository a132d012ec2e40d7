/**
 * Read-only views of data other modules write, for the Partner API and the admin's user pages:
 * purchases and their licences (checkout), app ownership (apps), the webhook event catalogue
 * (webhooks / internal sync) and webhook delivery logs (webhooks). Implements LicenceLookup and
 * EventTypeCatalogue (functions/core/partner/ports.ts) and WebhookLogReader
 * (functions/core/api-keys/ports.ts). Nothing here writes.
 *
 * CONTRACT for the writers: these are the item shapes this file reads. Keep them, or change this
 * file in the same commit.
 *
 * 1. Purchase (checkout writes one per purchase):
 *      PK=PURCHASE#<id>  SK=PURCHASE
 *      GSI2PK=APPSALES#<appId>  GSI2SK=<created_at>#<id>        (the app's sales, by time)
 *      id, app_id, user_id, buyer_email, buyer_name, license_key (string|null),
 *      license_status ('assigned'|'manual_pending'|'out_of_stock'|'active'|'revoked'),
 *      status ('completed'|'pending'|'refunded'), amount_cents, currency,
 *      created_at (ISO), expires_at (ISO|null)
 *
 * 2. Licence-key lookup (checkout writes one per distinct licence key, in the same transaction
 *    that sets the purchase's license_key; deletes or rewrites it when the key changes):
 *      PK=LICENSEKEY#<appId>#<sha256 hex of the exact license_key>  SK=LICENSEKEY
 *      purchase_id
 *    Build it with licenceKeyLookupItem() (purchase-item.ts) so the hashing cannot drift. A universal code
 *    shared by every buyer is written once (attribute_not_exists(PK)) by the first purchase.
 *
 * 3. App (apps module): PK=APP#<id>, SK=APP with user_id = the owner. Only user_id is read.
 *
 * 4. Event type (webhooks / internal sync): any item with GSI1PK=EVENTTYPES and
 *      name (or event_type), optional description, optional is_active (false hides it).
 *    Only the internal sync's (source 'internal') count; the platform's license.* are in code
 *    (PLATFORM_EVENT_TYPES, core/webhooks/event-catalogue.ts).
 *
 * 5. Webhook delivery log (webhooks writes one per attempt):
 *      GSI1PK=APPLOGS#<appId>  GSI1SK=<created_at>#<id>   (PK/SK as the webhooks module likes)
 *      id, app_id, event_type, target_url, status_code (number|null), response (string|null),
 *      created_at (ISO), response_time_ms (number|null), retry_count (number), delivery_id
 *
 * | Access pattern                         | Index | Key condition                                        | Function           |
 * |----------------------------------------|-------|------------------------------------------------------|--------------------|
 * | owner of an app                        | table | PK=APP#<id>, SK=APP                                  | appOwnerId         |
 * | purchase by licence key of an app      | table | PK=LICENSEKEY#<appId>#<sha256> (remembered), then PK=PURCHASE#<id> | findByKey |
 * | sales of an app, newest first, paged   | GSI2  | GSI2PK=APPSALES#<appId> (status <> pending)          | listByApp          |
 * | event type catalogue                   | GSI1  | GSI1PK=EVENTTYPES                                    | eventTypes.list    |
 * | apps of a developer (ids)              | GSI1  | GSI1PK=OWNER#<userId>, GSI1SK begins APP#            | recentForOwner     |
 * | webhook logs of an app, newest first   | GSI1  | GSI1PK=APPLOGS#<appId>, Limit (merged newest first)  | recentForOwner     |
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '@shared/constants';
import { INVALID_CURSOR } from '@shared/schemas/partner';
import type { WebhookLogReader, WebhookLogRecord } from '../../core/api-keys/ports';
import type { EventTypeCatalogue, EventTypeInfo, LicenceLookup } from '../../core/partner/ports';
import { documentClient } from '../aws-clients';
import { getItem, keyCursor, num, onIndex, pointedId, projection, queryPage, str } from './dynamo';
import { dynamoEventTypeStore } from './event-types-repo';
import {
  appKey,
  appLogsPartition,
  appSalesPartition,
  licenceKeyLookupKey,
  OWNER_APPS_SORT_PREFIX,
  ownerPartition,
  purchaseKey,
  purchaseKeys,
} from './keys';
import { toPurchaseLicence } from './purchase-item';
import { fromLogItem } from './webhook-logs-repo';

const db = () => documentClient();

/** The cursor of a page of an app's sales: the GSI2 page's LastEvaluatedKey, checked to belong to this app. */
const decodeCursor = (cursor: string, appId: string): Record<string, string> =>
  keyCursor.decode(
    cursor,
    ['PK', 'SK', 'GSI2PK', 'GSI2SK'],
    (key) => key.GSI2PK === appSalesPartition(appId) && purchaseKeys.isPurchasePk(key.PK),
    INVALID_CURSOR,
  );

/**
 * Licence-key lookup item -> purchase id, remembered per process (Partner software validates the
 * same licences again and again). The pointer of a key never moves to another purchase while the
 * first still carries that key, and the purchase itself is always read consistently, so a
 * refund, revocation or expiry shows on the very next validation.
 */
const PURCHASE_ID_CACHE_MAX = 50_000;
const purchaseIds = new Map<string, string>();

const purchaseItem = (id: string) => getItem(purchaseKey(id));

export const dynamoLicenceLookup: LicenceLookup = {
  async appOwnerId(appId) {
    const item = await getItem(appKey(appId), { consistent: false, projection: ['user_id'] });
    return str(item?.user_id) ?? undefined;
  },

  async findByKey(appId, licenseKey) {
    const lookup = licenceKeyLookupKey(appId, licenseKey);
    // A licence validated before on this process: read its purchase straight away (one request).
    // The remembered purchase counts only if it still carries this exact key for this app.
    const remembered = purchaseIds.get(lookup.PK);
    if (remembered) {
      const item = await purchaseItem(remembered);
      if (item && item.app_id === appId && item.license_key === licenseKey) return toPurchaseLicence(item);
      purchaseIds.delete(lookup.PK);
    }
    const purchaseId = await pointedId(lookup, 'purchase_id');
    if (!purchaseId) return undefined;
    const item = await purchaseItem(purchaseId);
    if (!item) return undefined;
    if (purchaseIds.size >= PURCHASE_ID_CACHE_MAX) purchaseIds.delete(purchaseIds.keys().next().value as string);
    purchaseIds.set(lookup.PK, purchaseId);
    return toPurchaseLicence(item);
  },

  async listByApp(appId, page) {
    const start = page.cursor ? decodeCursor(page.cursor, appId) : undefined;
    const res = await db().send(
      new QueryCommand(
        onIndex('GSI2', appSalesPartition(appId), {
          FilterExpression: '#status <> :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': 'pending' },
          ScanIndexForward: false,
          Limit: page.limit,
          ExclusiveStartKey: start,
        }),
      ),
    );
    return {
      items: (res.Items ?? []).map(toPurchaseLicence),
      next_cursor: res.LastEvaluatedKey ? keyCursor.encode(res.LastEvaluatedKey) : null,
    };
  },
};

export const dynamoEventTypeCatalogue: EventTypeCatalogue = {
  async list() {
    const defs = await dynamoEventTypeStore.list();
    return defs.map((d): EventTypeInfo => ({ name: d.name, description: d.description || null }));
  },
};

/** The developer's view of a delivery log item: no webhook fields, and no status stays null. */
function toLog(item: Record<string, unknown>): WebhookLogRecord {
  const { webhook_id: _webhook, error_kind: _kind, ...log } = fromLogItem(item);
  return { ...log, status_code: num(item.status_code) };
}

/** The first page each app gives the newest-first merge; an app whose page runs out while it is still among the newest is read further. */
const LOGS_FIRST_PAGE = 10;

interface LogSource {
  items: WebhookLogRecord[];
  next: Record<string, unknown> | undefined;
  appId: string;
}

async function logPage(appId: string, limit: number, start?: Record<string, unknown>): Promise<LogSource> {
  const res = await documentClient().send(
    new QueryCommand(
      onIndex('GSI1', appLogsPartition(appId), { ScanIndexForward: false, Limit: limit, ExclusiveStartKey: start }),
    ),
  );
  return { appId, items: (res.Items ?? []).map(toLog), next: res.LastEvaluatedKey };
}

export const dynamoWebhookLogReader: WebhookLogReader = {
  /**
   * The owner's newest `limit` deliveries across their apps: one page of app ids (an owner holds at
   * most LIMITS.maxAppsPerDeveloper apps), a small newest-first page of each app's logs, then a
   * k-way merge that reads an app further only while its next delivery could still be among the
   * newest `limit`, 10 at a time: at most apps × 2 × LOGS_FIRST_PAGE + limit log items, never whole logs.
   */
  async recentForOwner(userId, limit) {
    const apps = await queryPage(
      onIndex('GSI1', ownerPartition(userId), {
        sortKey: 'begins_with(GSI1SK, :sk)',
        ExpressionAttributeValues: { ':sk': OWNER_APPS_SORT_PREFIX },
        Limit: LIMITS.maxAppsPerDeveloper,
        ...projection(['id']),
      }),
    );
    const ids = apps.map((a) => str(a.id)).filter((id): id is string => id !== null);
    const sources = await Promise.all(ids.map((appId) => logPage(appId, Math.min(limit, LOGS_FIRST_PAGE))));
    const out: WebhookLogRecord[] = [];
    while (out.length < limit) {
      const empty = sources.filter((s) => s.items.length === 0 && s.next);
      if (empty.length > 0) {
        const wanted = Math.min(limit - out.length, LOGS_FIRST_PAGE);
        await Promise.all(
          empty.map(async (s) => {
            const more = await logPage(s.appId, wanted, s.next);
            s.items = more.items;
            s.next = more.next;
          }),
        );
        continue;
      }
      let newest: LogSource | undefined;
      for (const s of sources) {
        const head = s.items[0];
        if (head && (!newest || head.created_at > (newest.items[0] as WebhookLogRecord).created_at)) newest = s;
      }
      if (!newest) break;
      out.push(newest.items.shift() as WebhookLogRecord);
    }
    return out;
  },
};
