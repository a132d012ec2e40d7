/**
 * Webhooks in the single table (access patterns: see table-definition.ts). Implements the
 * webhooks core's WebhookStore. Deliveries, delivery logs and event types have their own stores:
 * deliveries-repo.ts, webhook-logs-repo.ts, event-types-repo.ts.
 *
 * | item                  | PK                     | SK           | GSI2                                      |
 * |-----------------------|------------------------|--------------|-------------------------------------------|
 * | webhook               | APP#<appId>            | WEBHOOK#<id> | WEBHOOKFAILING / <failing_since>#<id> (*) |
 * | webhook by id         | WEBHOOK#<id>           | WEBHOOK      |                                           |
 * | webhooks of developer | WEBHOOKCOUNT#<userId>  | WEBHOOKCOUNT | n: how many (the per-developer cap)       |
 *
 * (*) sparse: only while the webhook is in a failure streak. The counter moves in the same
 * transaction as the webhook it counts, on condition that it is under the cap, so parallel
 * creations cannot pass it; a counter not written yet (webhooks from before it) starts at the
 * number the caller counted.
 */
import type { WebhookStore } from '../../core/webhooks/ports';
import type { WebhookRecord } from '../../core/webhooks/webhook';
import {
  cancelledAt,
  conditionally,
  getItem,
  type ItemMapper,
  inPartition,
  onIndex,
  queryAll,
  queryPage,
  str,
  texts,
  transact,
  tx,
  updateItem,
} from './dynamo';
import {
  appPartition,
  FAILING_WEBHOOKS_PARTITION,
  timeSort,
  WEBHOOK_SORT_PREFIX,
  webhookCountKey,
  webhookKey,
  webhookLookupKey,
} from './keys';

const WEBHOOK_TEXTS = ['id', 'app_id', 'user_id', 'event_type', 'target_url', 'secret', 'created_at'] as const;

function toWebhookItem(w: WebhookRecord): Record<string, unknown> {
  return {
    ...webhookKey(w.app_id, w.id),
    entity: 'Webhook',
    ...Object.fromEntries(WEBHOOK_TEXTS.map((f) => [f, w[f]])),
    is_active: w.is_active,
  };
}

export function fromWebhookItem(item: Record<string, unknown>): WebhookRecord {
  return {
    ...texts(item, WEBHOOK_TEXTS),
    is_active: item.is_active !== false,
    disabled_reason: str(item.disabled_reason),
    disabled_at: str(item.disabled_at),
    failing_since: str(item.failing_since),
  };
}

/** The WebhookRecord entity's item, both ways. */
export const webhookItem: ItemMapper<WebhookRecord> = { toItem: toWebhookItem, fromItem: fromWebhookItem };

export const dynamoWebhookStore: WebhookStore = {
  async create(w, cap) {
    try {
      await transact([
        tx.update(webhookCountKey(w.user_id), {
          ConditionExpression: '(attribute_not_exists(n) AND :existing < :max) OR n < :max',
          UpdateExpression: 'SET n = if_not_exists(n, :existing) + :one, entity = :entity',
          ExpressionAttributeValues: {
            ':max': cap.max,
            ':existing': cap.existing,
            ':one': 1,
            ':entity': 'WebhookCount',
          },
        }),
        tx.putNew(webhookItem.toItem(w)),
        tx.putNew({ ...webhookLookupKey(w.id), entity: 'WebhookLookup', app_id: w.app_id, user_id: w.user_id }),
      ]);
      return true;
    } catch (err) {
      if (cancelledAt(err).includes(0)) return false;
      throw err;
    }
  },

  async get(appId, id) {
    const item = await getItem(webhookKey(appId, id));
    return item ? webhookItem.fromItem(item) : undefined;
  },

  async findById(id) {
    const appId = str((await getItem(webhookLookupKey(id)))?.app_id);
    return appId ? this.get(appId, id) : undefined;
  },

  async listByApp(appId) {
    const items = await queryAll(inPartition(appPartition(appId), WEBHOOK_SORT_PREFIX, { ConsistentRead: true }));
    return items.map(webhookItem.fromItem);
  },

  async delete(w) {
    try {
      await transact([
        tx.delete(webhookKey(w.app_id, w.id), { ConditionExpression: 'attribute_exists(PK)' }),
        tx.delete(webhookLookupKey(w.id)),
      ]);
    } catch (err) {
      if (cancelledAt(err).includes(0)) return false;
      throw err;
    }
    // One fewer on the developer's counter (never below 0; a webhook from before the counter is not on it).
    await conditionally(
      updateItem(webhookCountKey(w.user_id), {
        ConditionExpression: 'n > :zero',
        UpdateExpression: 'SET n = n - :one',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
      }),
    );
    return true;
  },

  async markFailing(w, since) {
    await conditionally(
      updateItem(webhookKey(w.app_id, w.id), {
        UpdateExpression: 'SET failing_since = :since, GSI2PK = :pk, GSI2SK = :sk',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(failing_since) AND is_active = :yes',
        ExpressionAttributeValues: {
          ':since': since,
          ':pk': FAILING_WEBHOOKS_PARTITION,
          ':sk': timeSort(since, w.id),
          ':yes': true,
        },
      }),
    );
  },

  async clearFailing(w) {
    await conditionally(
      updateItem(webhookKey(w.app_id, w.id), {
        UpdateExpression: 'REMOVE failing_since, GSI2PK, GSI2SK',
        ConditionExpression: 'attribute_exists(PK)',
      }),
    );
  },

  async disable(w, reason, at) {
    return conditionally(
      updateItem(webhookKey(w.app_id, w.id), {
        UpdateExpression:
          'SET is_active = :no, disabled_reason = :reason, disabled_at = :at REMOVE failing_since, GSI2PK, GSI2SK',
        ConditionExpression: 'attribute_exists(PK) AND is_active = :yes',
        ExpressionAttributeValues: { ':no': false, ':yes': true, ':reason': reason, ':at': at },
      }),
    );
  },

  async listFailingSince(before, limit) {
    const items = await queryPage(
      onIndex('GSI2', FAILING_WEBHOOKS_PARTITION, {
        sortKey: 'GSI2SK < :before',
        ExpressionAttributeValues: { ':before': before },
        Limit: limit,
      }),
    );
    return items.map(webhookItem.fromItem).filter((w) => w.is_active);
  },
};
