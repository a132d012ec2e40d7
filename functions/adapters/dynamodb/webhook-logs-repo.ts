/**
 * Webhook delivery logs (one per attempt; TTL 30 days) in the single table. Implements the webhooks
 * core's DeliveryLogStore. The shape is contract 5 of licences-read-repo.ts.
 *
 * | item         | PK              | SK         | GSI1                                | GSI2                     |
 * |--------------|-----------------|------------|-------------------------------------|--------------------------|
 * | delivery log | WEBHOOKLOG#<id> | WEBHOOKLOG | APPLOGS#<appId> / <created_at>#<id> | LOGS#<yyyy-mm-dd> / <created_at>#<id> |
 *
 * The admin's list of every delivery (System Logs) reads the day partitions newest first: a page
 * goes on into the day before until it is full, at most LOG_DAYS_READ days back (the logs' 30-day
 * TTL and the up to two days DynamoDB may take to delete an expired item). Sharded by day, the
 * writes of a busy marketplace spread over a partition a day instead of one for every delivery
 * ever made; the logs of before (GSI2PK=LOGS) are moved by the logs-by-day migration.
 */

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DeliveryErrorKind } from '@shared/schemas/webhooks';
import { LOG_CURSOR_INVALID } from '@shared/schemas/webhooks';
import { decodeCursor, encodeCursor, type Page } from '../../core/paging';
import type { DeliveryLogStore } from '../../core/webhooks/ports';
import type { DeliveryLogRecord } from '../../core/webhooks/webhook';
import { documentClient } from '../aws-clients';
import { getItem, type ItemMapper, num, onIndex, putItem, queryUpTo, str, texts } from './dynamo';
import { appLogsPartition, deliveryLogKey, logsDayPartition, timeSort } from './keys';

/** How many days back the admin's list reads: the logs' 30-day TTL plus DynamoDB's deletion lag. */
export const LOG_DAYS_READ = 33;
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const GSI2_KEY = ['PK', 'SK', 'GSI2PK', 'GSI2SK'] as const;

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
      GSI2PK: logsDayPartition(log.created_at.slice(0, 10)),
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

  pageAll: (limit, cursor) => pageAllLogs(limit, cursor),
};

/**
 * A cursor of the admin's list: the day it goes on in (`d`) and, within it, the last key read
 * (`k`, absent: from the day's newest). Anything else is refused with a 400.
 */
function decodeLogCursor(cursor: string): { day: string; key?: Record<string, string> } {
  const value = decodeCursor(
    cursor,
    (v) => {
      if (typeof v.d !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v.d)) return false;
      if (v.k === undefined) return Object.keys(v).length === 1;
      const k = v.k as Record<string, unknown> | null;
      return (
        typeof k === 'object' &&
        k !== null &&
        Object.keys(k).length === GSI2_KEY.length &&
        GSI2_KEY.every((f) => typeof k[f] === 'string') &&
        k.GSI2PK === logsDayPartition(v.d)
      );
    },
    LOG_CURSOR_INVALID,
  );
  return { day: String(value.d), key: value.k as Record<string, string> | undefined };
}

/** Every delivery, newest first, one page: the day partitions from tomorrow's (clock skew) back LOG_DAYS_READ days. */
export async function pageAllLogs(
  limit: number,
  cursor?: string,
  nowMs = Date.now(),
): Promise<Page<DeliveryLogRecord>> {
  const oldest = dayOf(nowMs - LOG_DAYS_READ * DAY_MS);
  let { day, key } = cursor ? decodeLogCursor(cursor) : { day: dayOf(nowMs + DAY_MS), key: undefined };
  const items: Record<string, unknown>[] = [];
  while (items.length < limit && day >= oldest) {
    const res = await documentClient().send(
      new QueryCommand(
        onIndex('GSI2', logsDayPartition(day), {
          ScanIndexForward: false,
          Limit: limit - items.length,
          ExclusiveStartKey: key,
        }),
      ),
    );
    items.push(...(res.Items ?? []));
    if (res.LastEvaluatedKey) {
      key = Object.fromEntries(GSI2_KEY.map((f) => [f, String(res.LastEvaluatedKey?.[f])]));
    } else {
      day = dayOf(Date.parse(`${day}T00:00:00Z`) - DAY_MS);
      key = undefined;
    }
  }
  const more = day >= oldest && items.length >= limit;
  return {
    items: items.map(deliveryLogItem.fromItem),
    next_cursor: more ? encodeCursor(key ? { d: day, k: key } : { d: day }) : null,
  };
}
