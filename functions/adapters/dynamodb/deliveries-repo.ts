/**
 * Webhook deliveries (one per message; TTL 35 days) in the single table. Implements the webhooks
 * core's DeliveryStore.
 *
 * | item     | PK                | SK       | GSI3                                        |
 * |----------|-------------------|----------|---------------------------------------------|
 * | delivery | DELIVERY#<msg id> | DELIVERY | DUEDELIVERY / <due ms:15>#<msg id> (*)      |
 *
 * (*) sparse: only while the delivery is pending.
 */
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AttemptOutcome, DeliveryStore } from '../../core/webhooks/ports';
import type { DeliveryRecord, DeliveryStatus } from '../../core/webhooks/webhook';
import {
  getItem,
  type ItemMapper,
  isConditionFailure,
  num,
  onIndex,
  putItem,
  queryPage,
  str,
  texts,
  updateItem,
} from './dynamo';
import { DUE_DELIVERIES_PARTITION, deliveryKey, dueSortKey } from './keys';

const epochSeconds = (ms: number) => Math.floor(ms / 1000);

const STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'cancelled'];

const DELIVERY_TEXTS = ['id', 'webhook_id', 'app_id', 'event_type', 'payload', 'created_at'] as const;

/** A delivery's item (the TTL in seconds after its creation: ttlSeconds). */
export const deliveryItem: ItemMapper<DeliveryRecord, [ttlSeconds: number]> = {
  toItem: (d, ttlSeconds) => ({
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
    ...(d.practice_event ? { practice_event: true } : {}),
    ...(d.due_at !== null
      ? { due_at: d.due_at, GSI3PK: DUE_DELIVERIES_PARTITION, GSI3SK: dueSortKey(d.due_at, d.id) }
      : {}),
    ttl: epochSeconds(Date.parse(d.created_at)) + ttlSeconds,
  }),
  fromItem: fromDeliveryItem,
};

export function fromDeliveryItem(item: Record<string, unknown>): DeliveryRecord {
  return {
    ...texts(item, DELIVERY_TEXTS),
    status: STATUSES.includes(item.status as DeliveryStatus) ? (item.status as DeliveryStatus) : 'failed',
    attempt: num(item.attempt) ?? 0,
    schedule_step: num(item.schedule_step) ?? 0,
    no_retry: item.no_retry === true,
    practice_event: item.practice_event === true,
    lease_until: num(item.lease_until),
    due_at: num(item.due_at),
    outcome: str(item.outcome),
  };
}

async function updateDelivery(id: string, rest: Omit<UpdateCommandInput, 'TableName' | 'Key'>) {
  try {
    const res = await updateItem(deliveryKey(id), { ReturnValues: 'ALL_NEW', ...rest });
    return res.Attributes ? deliveryItem.fromItem(res.Attributes) : undefined;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

export const dynamoDeliveryStore: DeliveryStore = {
  async create(d, ttlSeconds) {
    await putItem(deliveryItem.toItem(d, ttlSeconds), { ConditionExpression: 'attribute_not_exists(PK)' });
  },

  async get(id) {
    const item = await getItem(deliveryKey(id));
    return item ? deliveryItem.fromItem(item) : undefined;
  },

  claim(id, attempt, leaseUntil, nowMs) {
    return updateDelivery(id, {
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
        ? await updateDelivery(id, {
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
        : await updateDelivery(id, {
            UpdateExpression:
              'SET #status = :status, outcome = :outcome, attempt = :next REMOVE lease_until, due_at, GSI3PK, GSI3SK',
            ConditionExpression: 'attempt = :n AND lease_until = :lease',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ...common, ':status': outcome.kind, ':outcome': outcome.outcome },
          });
    return updated !== undefined;
  },

  async listDue(nowMs, limit) {
    const items = await queryPage(
      onIndex('GSI3', DUE_DELIVERIES_PARTITION, {
        sortKey: 'GSI3SK <= :upto',
        ExpressionAttributeValues: { ':upto': `${dueSortKey(nowMs, '')}~` },
        Limit: limit,
      }),
    );
    return items.map((item) => ({
      id: String(item.id ?? ''),
      attempt: num(item.attempt) ?? 0,
      due_at: num(item.due_at),
    }));
  },

  rearm(id, dueAt, nextDueAt) {
    return updateDelivery(id, {
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
    return updateDelivery(current.id, {
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
