/**
 * Delivery logs sharded by day (issue 26, writes that stay cheap): each log's all-logs index entry
 * is its UTC day's partition, and the admin's System Logs list walks the days newest first across
 * page boundaries, as far back as the logs are kept; logs of the one partition of before are moved
 * by the logs-by-day migration.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { putItem } from '../../functions/adapters/dynamodb/dynamo';
import { logsByDay } from '../../functions/adapters/dynamodb/migrations';
import {
  deliveryLogItem,
  dynamoDeliveryLogStore,
  LOG_DAYS_READ,
  pageAllLogs,
} from '../../functions/adapters/dynamodb/webhook-logs-repo';
import type { DeliveryLogRecord } from '../../functions/core/webhooks/webhook';
import { must } from '../support/must';

// A future year of its own, so that only this file's logs fall in the days read.
const NOW = Date.parse('2031-03-10T12:00:00Z');
const log = (created_at: string): DeliveryLogRecord => ({
  id: randomUUID(),
  app_id: `app-${randomUUID()}`,
  webhook_id: null,
  event_type: 'license.created',
  target_url: 'https://example.com/hook',
  status_code: 200,
  response: 'ok',
  created_at,
  response_time_ms: 40,
  retry_count: 0,
  delivery_id: null,
  error_kind: null,
});

async function everyPage(limit: number, nowMs = NOW) {
  const pages: DeliveryLogRecord[][] = [];
  let cursor: string | undefined;
  do {
    const page = await pageAllLogs(limit, cursor, nowMs);
    pages.push(page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('delivery logs by day', () => {
  it('lists every kept log newest first across days and pages, one day partition per UTC day', async () => {
    const kept = [
      log('2031-03-10T11:00:00.000Z'),
      log('2031-03-10T10:00:00.000Z'),
      log('2031-03-09T23:59:00.000Z'),
      log('2031-03-05T08:00:00.000Z'),
      log('2031-02-08T08:00:00.000Z'),
    ];
    const tooOld = log(new Date(NOW - (LOG_DAYS_READ + 2) * 86_400_000).toISOString());
    for (const l of [...kept, tooOld]) await dynamoDeliveryLogStore.put(l, 30 * 86_400);
    expect(deliveryLogItem.toItem(must(kept[2]), 1).GSI2PK).toBe('LOGS#2031-03-09');

    const pages = await everyPage(2);
    expect(pages.flat().map((l) => l.id)).toEqual(kept.map((l) => l.id));
    expect(pages.filter((p) => p.length > 0).length).toBeGreaterThanOrEqual(3);
    for (const p of pages) expect(p.length).toBeLessThanOrEqual(2);
  });

  it('refuses a cursor that is not one of this list with a 400 detail', async () => {
    const other = Buffer.from(
      JSON.stringify({ d: '2031-03-10', k: { PK: 'x', SK: 'y', GSI2PK: 'LOGS#2031-03-09', GSI2SK: 'z' } }),
    ).toString('base64url');
    await expect(pageAllLogs(2, other, NOW)).rejects.toThrow('cursor');
    await expect(pageAllLogs(2, 'nonsense', NOW)).rejects.toThrow('cursor');
  });

  it('moves the logs of the one all-logs partition of before to their day', async () => {
    const old = log('2031-04-20T09:30:00.000Z');
    await putItem({ ...deliveryLogItem.toItem(old, 30 * 86_400), GSI2PK: 'LOGS' });
    expect(await logsByDay()).toBeGreaterThanOrEqual(1);
    const page = await pageAllLogs(10, undefined, Date.parse('2031-04-20T12:00:00Z'));
    expect(page.items.map((l) => l.id)).toEqual([old.id]);
  });
});
