/**
 * Webhooks in the single table (access patterns: see table-definition.ts). Implements the
 * webhooks core's WebhookStore. Deliveries, delivery logs and event types have their own stores:
 * deliveries-repo.ts, webhook-logs-repo.ts, event-types-repo.ts.
 *
 * | item          | PK           | SK           | GSI2                                      |
 * |---------------|--------------|--------------|-------------------------------------------|
 * | webhook       | APP#<appId>  | WEBHOOK#<id> | WEBHOOKFAILING / <failing_since>#<id> (*) |
 * | webhook by id | WEBHOOK#<id> | WEBHOOK      |                                           |
 *
 * (*) sparse: only while the webhook is in a failure streak.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookStore } from '../../core/webhooks/ports';
import type { WebhookRecord } from '../../core/webhooks/webhook';
import { documentClient, tableName } from '../aws-clients';
import { cancelledAt, conditionally, queryAll, str } from './dynamo';
import {
  appPartition,
  FAILING_WEBHOOKS_PARTITION,
  timeSort,
  WEBHOOK_SORT_PREFIX,
  webhookKey,
  webhookLookupKey,
} from './keys';

const db = () => documentClient();
const table = () => tableName();

function toWebhookItem(w: WebhookRecord): Record<string, unknown> {
  return {
    ...webhookKey(w.app_id, w.id),
    entity: 'Webhook',
    id: w.id,
    app_id: w.app_id,
    user_id: w.user_id,
    event_type: w.event_type,
    target_url: w.target_url,
    secret: w.secret,
    is_active: w.is_active,
    created_at: w.created_at,
  };
}

export function fromWebhookItem(item: Record<string, unknown>): WebhookRecord {
  return {
    id: String(item.id ?? ''),
    app_id: String(item.app_id ?? ''),
    user_id: String(item.user_id ?? ''),
    event_type: String(item.event_type ?? ''),
    target_url: String(item.target_url ?? ''),
    secret: String(item.secret ?? ''),
    is_active: item.is_active !== false,
    created_at: String(item.created_at ?? ''),
    disabled_reason: str(item.disabled_reason),
    disabled_at: str(item.disabled_at),
    failing_since: str(item.failing_since),
  };
}

export const dynamoWebhookStore: WebhookStore = {
  async create(w) {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table(), Item: toWebhookItem(w), ConditionExpression: 'attribute_not_exists(PK)' } },
          {
            Put: {
              TableName: table(),
              Item: { ...webhookLookupKey(w.id), entity: 'WebhookLookup', app_id: w.app_id, user_id: w.user_id },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
  },

  async get(appId, id) {
    const res = await db().send(
      new GetCommand({ TableName: table(), Key: webhookKey(appId, id), ConsistentRead: true }),
    );
    return res.Item ? fromWebhookItem(res.Item) : undefined;
  },

  async findById(id) {
    const res = await db().send(
      new GetCommand({ TableName: table(), Key: webhookLookupKey(id), ConsistentRead: true }),
    );
    const appId = str(res.Item?.app_id);
    return appId ? this.get(appId, id) : undefined;
  },

  async listByApp(appId) {
    const items = await queryAll({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': appPartition(appId), ':sk': WEBHOOK_SORT_PREFIX },
      ConsistentRead: true,
    });
    return items.map(fromWebhookItem);
  },

  async delete(w) {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: table(),
                Key: webhookKey(w.app_id, w.id),
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
            { Delete: { TableName: table(), Key: webhookLookupKey(w.id) } },
          ],
        }),
      );
      return true;
    } catch (err) {
      if (cancelledAt(err).includes(0)) return false;
      throw err;
    }
  },

  async markFailing(w, since) {
    await conditionally(
      db().send(
        new UpdateCommand({
          TableName: table(),
          Key: webhookKey(w.app_id, w.id),
          UpdateExpression: 'SET failing_since = :since, GSI2PK = :pk, GSI2SK = :sk',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(failing_since) AND is_active = :yes',
          ExpressionAttributeValues: {
            ':since': since,
            ':pk': FAILING_WEBHOOKS_PARTITION,
            ':sk': timeSort(since, w.id),
            ':yes': true,
          },
        }),
      ),
    );
  },

  async clearFailing(w) {
    await conditionally(
      db().send(
        new UpdateCommand({
          TableName: table(),
          Key: webhookKey(w.app_id, w.id),
          UpdateExpression: 'REMOVE failing_since, GSI2PK, GSI2SK',
          ConditionExpression: 'attribute_exists(PK)',
        }),
      ),
    );
  },

  async disable(w, reason, at) {
    return conditionally(
      db().send(
        new UpdateCommand({
          TableName: table(),
          Key: webhookKey(w.app_id, w.id),
          UpdateExpression:
            'SET is_active = :no, disabled_reason = :reason, disabled_at = :at REMOVE failing_since, GSI2PK, GSI2SK',
          ConditionExpression: 'attribute_exists(PK) AND is_active = :yes',
          ExpressionAttributeValues: { ':no': false, ':yes': true, ':reason': reason, ':at': at },
        }),
      ),
    );
  },

  async listFailingSince(before, limit) {
    const res = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK < :before',
        ExpressionAttributeValues: { ':pk': FAILING_WEBHOOKS_PARTITION, ':before': before },
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map(fromWebhookItem).filter((w) => w.is_active);
  },
};
