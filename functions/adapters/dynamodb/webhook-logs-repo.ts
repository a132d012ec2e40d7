/**
 * Webhook delivery logs (one per attempt; TTL 30 days) in the single table. Implements the webhooks
 * core's DeliveryLogStore. The shape is contract 5 of licences-read-repo.ts.
 *
 * | item         | PK              | SK         | GSI1                                | GSI2                     |
 * |--------------|-----------------|------------|-------------------------------------|--------------------------|
 * | delivery log | WEBHOOKLOG#<id> | WEBHOOKLOG | APPLOGS#<appId> / <created_at>#<id> | LOGS / <created_at>#<id> |
 */
import type { DeliveryErrorKind } from '../../../shared/schemas/webhooks';
import { LOG_CURSOR_INVALID } from '../../../shared/schemas/webhooks';
import type { DeliveryLogStore } from '../../core/webhooks/ports';
import type { DeliveryLogRecord } from '../../core/webhooks/webhook';
import { getItem, type ItemMapper, num, onIndex, putItem, queryIndexPage, queryUpTo, str, texts } from './dynamo';
import { ALL_LOGS_PARTITION, appLogsPartition, deliveryLogKey, timeSort } from './keys';

const epochSeconds = (ms: number) => Math.floor(ms / 1000);

export function fromLogItem(item: Record<string, unknown>): DeliveryLogRecord {
  return {
    ...texts(item, ['id', 'app_id', 'event_type', 'target_url']),
    webhook_id: str(item.webhook_id),
    status_code: num(item.status_code) ?? 0,
    response: str(item.response),
    created_at: String(item.created_at ?? item.timestamp ?? ''),
    response_time_ms: num(item.response_time_ms),
    retry_count: num(item.retry_count) ?? 0,
    delivery_id: str(item.delivery_id),
    error_kind: (str(item.error_kind) as DeliveryErrorKind | null) ?? null,
  };
}

/** A delivery attempt's log item (the TTL in seconds after it was made: ttlSeconds). */
export const deliveryLogItem: ItemMapper<DeliveryLogRecord, [ttlSeconds: number]> = {
  toItem(log, ttlSeconds) {
    const sortKey = timeSort(log.created_at, log.id);
    return {
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
    };
  },
  fromItem: fromLogItem,
};

export const dynamoDeliveryLogStore: DeliveryLogStore = {
  async put(log, ttlSeconds) {
    await putItem(deliveryLogItem.toItem(log, ttlSeconds));
  },

  async get(id) {
    const item = await getItem(deliveryLogKey(id), { consistent: false });
    return item ? deliveryLogItem.fromItem(item) : undefined;
  },

  async listByApp(appId, limit) {
    const items = await queryUpTo(onIndex('GSI1', appLogsPartition(appId)), limit);
    return items.map(deliveryLogItem.fromItem);
  },

  async pageAll(limit, cursor) {
    const page = await queryIndexPage('GSI2', ALL_LOGS_PARTITION, { limit, cursor, invalid: LOG_CURSOR_INVALID });
    return { items: page.items.map(deliveryLogItem.fromItem), next_cursor: page.next_cursor };
  },
};
