/**
 * Webhooks, deliveries, delivery logs and the event catalogue in the single table (access
 * patterns: see the table in table-definition.ts). Implements the webhooks core's ports.
 *
 * | item            | PK                 | SK             | GSI1                                | GSI2                                          | GSI3                                  |
 * |-----------------|--------------------|----------------|-------------------------------------|-----------------------------------------------|---------------------------------------|
 * | webhook         | APP#<appId>        | WEBHOOK#<id>   |                                     | WEBHOOKFAILING / <failing_since>#<id> (*)     |                                       |
 * | webhook by id   | WEBHOOK#<id>       | WEBHOOK        |                                     |                                               |                                       |
 * | delivery        | DELIVERY#<msg id>  | DELIVERY       |                                     |                                               | DUEDELIVERY / <due ms:15>#<msg id> (*) |
 * | delivery log    | WEBHOOKLOG#<id>    | WEBHOOKLOG     | APPLOGS#<appId> / <created_at>#<id> | LOGS / <created_at>#<id>                      |                                       |
 * | event type      | EVENTTYPE#<name>   | EVENTTYPE      | EVENTTYPES / <name>                 |                                               |                                       |
 *
 * (*) sparse: only while the webhook is in a failure streak / while the delivery is pending.
 * Logs and deliveries expire by TTL. The log and event-type shapes are the contract
 * licences-read-repo.ts reads (Partner API, admin user page).
 */
import {
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { DeliveryErrorKind } from '../../../shared/schemas/webhooks';
import type { EventTypeDefinition } from '../../core/webhooks/event-catalogue';
import type {
  AttemptOutcome,
  DeliveryLogStore,
  DeliveryStore,
  EventTypeStore,
  WebhookStore,
} from '../../core/webhooks/ports';
import type { DeliveryLogRecord, DeliveryRecord, DeliveryStatus, WebhookRecord } from '../../core/webhooks/webhook';
import { documentClient, tableName } from '../aws-clients';
import { cancelledAt, isConditionFailure, queryAll } from './dynamo';
import {
  ALL_LOGS_PARTITION,
  appLogsPartition,
  appPartition,
  DUE_DELIVERIES_PARTITION,
  deliveryKey,
  deliveryLogKey,
  dueSortKey,
  EVENT_TYPES_PARTITION,
  eventTypeKey,
  FAILING_WEBHOOKS_PARTITION,
  timeSort,
  WEBHOOK_SORT_PREFIX,
  webhookKey,
  webhookLookupKey,
} from './keys';

const db = () => documentClient();
const table = () => tableName();
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const epochSeconds = (ms: number) => Math.floor(ms / 1000);

async function ignoringConditionFailure(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Queries newest first until `limit` items (a page stops at 1 MB, so one Query may not be enough). */
async function queryNewest(input: QueryCommandInput, limit: number): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({ ...input, ScanIndexForward: false, Limit: limit - items.length, ExclusiveStartKey: start }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && items.length < limit);
  return items;
}

// Webhooks

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
    await ignoringConditionFailure(
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
    await ignoringConditionFailure(
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
    return ignoringConditionFailure(
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

// Deliveries

const STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'cancelled'];

export function fromDeliveryItem(item: Record<string, unknown>): DeliveryRecord {
  return {
    id: String(item.id ?? ''),
    webhook_id: String(item.webhook_id ?? ''),
    app_id: String(item.app_id ?? ''),
    event_type: String(item.event_type ?? ''),
    payload: String(item.payload ?? ''),
    created_at: String(item.created_at ?? ''),
    status: STATUSES.includes(item.status as DeliveryStatus) ? (item.status as DeliveryStatus) : 'failed',
    attempt: num(item.attempt) ?? 0,
    schedule_step: num(item.schedule_step) ?? 0,
    no_retry: item.no_retry === true,
    lease_until: num(item.lease_until),
    due_at: num(item.due_at),
    outcome: str(item.outcome),
  };
}

async function updateDelivery(input: Omit<UpdateCommandInput, 'TableName'>) {
  try {
    const res = await db().send(new UpdateCommand({ TableName: table(), ReturnValues: 'ALL_NEW', ...input }));
    return res.Attributes ? fromDeliveryItem(res.Attributes) : undefined;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

export const dynamoDeliveryStore: DeliveryStore = {
  async create(d, ttlSeconds) {
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...deliveryKey(d.id),
          entity: 'WebhookDelivery',
          id: d.id,
          webhook_id: d.webhook_id,
          app_id: d.app_id,
          event_type: d.event_type,
          payload: d.payload,
          created_at: d.created_at,
          status: d.status,
          attempt: d.attempt,
          schedule_step: d.schedule_step,
          no_retry: d.no_retry,
          ...(d.due_at !== null
            ? { due_at: d.due_at, GSI3PK: DUE_DELIVERIES_PARTITION, GSI3SK: dueSortKey(d.due_at, d.id) }
            : {}),
          ttl: epochSeconds(Date.parse(d.created_at)) + ttlSeconds,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },

  async get(id) {
    const res = await db().send(new GetCommand({ TableName: table(), Key: deliveryKey(id), ConsistentRead: true }));
    return res.Item ? fromDeliveryItem(res.Item) : undefined;
  },

  claim(id, attempt, leaseUntil, nowMs) {
    return updateDelivery({
      Key: deliveryKey(id),
      UpdateExpression: 'SET lease_until = :lease',
      ConditionExpression:
        '#status = :pending AND attempt = :n AND (attribute_not_exists(lease_until) OR lease_until < :now)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':lease': leaseUntil, ':pending': 'pending', ':n': attempt, ':now': nowMs },
    });
  },

  async finish(id, attempt, leaseUntil, outcome: AttemptOutcome) {
    const common = { ':n': attempt, ':lease': leaseUntil, ':next': attempt + 1 };
    const updated =
      outcome.kind === 'retry'
        ? await updateDelivery({
            Key: deliveryKey(id),
            UpdateExpression:
              'SET attempt = :next, schedule_step = :step, due_at = :due, GSI3PK = :duepk, GSI3SK = :duesk REMOVE lease_until',
            ConditionExpression: 'attempt = :n AND lease_until = :lease',
            ExpressionAttributeValues: {
              ...common,
              ':step': outcome.scheduleStep,
              ':due': outcome.dueAt,
              ':duepk': DUE_DELIVERIES_PARTITION,
              ':duesk': dueSortKey(outcome.dueAt, id),
            },
          })
        : await updateDelivery({
            Key: deliveryKey(id),
            UpdateExpression:
              'SET #status = :status, outcome = :outcome, attempt = :next REMOVE lease_until, due_at, GSI3PK, GSI3SK',
            ConditionExpression: 'attempt = :n AND lease_until = :lease',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ...common, ':status': outcome.kind, ':outcome': outcome.outcome },
          });
    return updated !== undefined;
  },

  async listDue(nowMs, limit) {
    const res = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'GSI3',
        KeyConditionExpression: 'GSI3PK = :pk AND GSI3SK <= :upto',
        ExpressionAttributeValues: { ':pk': DUE_DELIVERIES_PARTITION, ':upto': `${dueSortKey(nowMs, '')}~` },
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((item) => ({
      id: String(item.id ?? ''),
      attempt: num(item.attempt) ?? 0,
      due_at: num(item.due_at),
    }));
  },

  rearm(id, dueAt, nextDueAt) {
    return updateDelivery({
      Key: deliveryKey(id),
      UpdateExpression: 'SET due_at = :next, GSI3SK = :sk',
      ConditionExpression: '#status = :pending AND due_at = :due',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':next': nextDueAt,
        ':sk': dueSortKey(nextDueAt, id),
        ':pending': 'pending',
        ':due': dueAt,
      },
    });
  },

  reopen(current, dueAt, noRetry) {
    return updateDelivery({
      Key: deliveryKey(current.id),
      UpdateExpression: `SET #status = :pending, due_at = :due, GSI3PK = :duepk, GSI3SK = :duesk${
        noRetry ? ', no_retry = :yes' : ''
      } REMOVE outcome`,
      ConditionExpression: 'attribute_exists(PK) AND attempt = :n',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pending': 'pending',
        ':n': current.attempt,
        ':due': dueAt,
        ':duepk': DUE_DELIVERIES_PARTITION,
        ':duesk': dueSortKey(dueAt, current.id),
        ...(noRetry ? { ':yes': true } : {}),
      },
    });
  },
};

// Delivery logs (contract 5 of licences-read-repo.ts)

export function fromLogItem(item: Record<string, unknown>): DeliveryLogRecord {
  return {
    id: String(item.id ?? ''),
    app_id: String(item.app_id ?? ''),
    webhook_id: str(item.webhook_id),
    event_type: String(item.event_type ?? ''),
    target_url: String(item.target_url ?? ''),
    status_code: num(item.status_code) ?? 0,
    response: str(item.response),
    created_at: String(item.created_at ?? item.timestamp ?? ''),
    response_time_ms: num(item.response_time_ms),
    retry_count: num(item.retry_count) ?? 0,
    delivery_id: str(item.delivery_id),
    error_kind: (str(item.error_kind) as DeliveryErrorKind | null) ?? null,
  };
}

export const dynamoDeliveryLogStore: DeliveryLogStore = {
  async put(log, ttlSeconds) {
    const sortKey = `${log.created_at}#${log.id}`;
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...deliveryLogKey(log.id),
          GSI1PK: appLogsPartition(log.app_id),
          GSI1SK: sortKey,
          GSI2PK: ALL_LOGS_PARTITION,
          GSI2SK: sortKey,
          entity: 'WebhookLog',
          id: log.id,
          app_id: log.app_id,
          webhook_id: log.webhook_id,
          event_type: log.event_type,
          target_url: log.target_url,
          status_code: log.status_code,
          response: log.response,
          created_at: log.created_at,
          response_time_ms: log.response_time_ms,
          retry_count: log.retry_count,
          delivery_id: log.delivery_id,
          error_kind: log.error_kind,
          ttl: epochSeconds(Date.parse(log.created_at)) + ttlSeconds,
        },
      }),
    );
  },

  async get(id) {
    const res = await db().send(new GetCommand({ TableName: table(), Key: deliveryLogKey(id) }));
    return res.Item ? fromLogItem(res.Item) : undefined;
  },

  async listByApp(appId, limit) {
    const items = await queryNewest(
      {
        TableName: table(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': appLogsPartition(appId) },
      },
      limit,
    );
    return items.map(fromLogItem);
  },

  async listAll(limit) {
    const items = await queryNewest(
      {
        TableName: table(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': ALL_LOGS_PARTITION },
      },
      limit,
    );
    return items.map(fromLogItem);
  },
};

// Event types (contract 4 of licences-read-repo.ts)

export const dynamoEventTypeStore: EventTypeStore = {
  async list() {
    const items = await queryAll({
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': EVENT_TYPES_PARTITION },
    });
    const out: EventTypeDefinition[] = [];
    for (const item of items) {
      const name = str(item.name) ?? str(item.event_type);
      if (!name || item.is_active === false) continue;
      out.push({ name, description: str(item.description) ?? '', trigger_type: str(item.trigger_type) ?? 'unknown' });
    }
    return out;
  },
};

/** Stores an event type unless one of that name exists (the seed; never overwrites). True when stored. */
export async function putEventTypeIfMissing(def: EventTypeDefinition): Promise<boolean> {
  return ignoringConditionFailure(
    db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...eventTypeKey(def.name),
          GSI1PK: EVENT_TYPES_PARTITION,
          GSI1SK: def.name,
          entity: 'EventType',
          id: def.name,
          name: def.name,
          description: def.description,
          trigger_type: def.trigger_type,
          is_active: true,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    ),
  );
}
