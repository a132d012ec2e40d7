/**
 * Sync history that does not grow without bound (issue 26, item 4): status reads pointer items,
 * so its cost does not move with the number of runs; a poll that found nothing expires after a
 * week and is counted in its hour's summary; the history pages with a cursor, by type and status.
 *
 * The polls run through the sync queue's consumer in this worker (the same code the worker Lambda
 * and the local server run), each as its own queue message.
 */
import { randomUUID } from 'node:crypto';
import type { PollSummaryResponse, SyncHistoryResponse, SyncRun } from '@shared/schemas/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/adapters/aws-clients';
import { getItem } from '../../functions/adapters/dynamodb/dynamo';
import { syncKeys } from '../../functions/adapters/dynamodb/keys';
import { dynamoSyncStateStore } from '../../functions/adapters/dynamodb/sync-repo';
import { EMPTY_POLL_TTL_SECONDS } from '../../functions/core/sync/sync-service';
import { syncJobConsumer, syncService } from '../../functions/wiring/sync';
import { adminToken, api } from '../support/api';
import { must } from '../support/must';
import { queuesIdle } from '../support/queues';
import { runSync } from '../support/sync';

/** DynamoDB requests of this worker and the items they read (Items of a Query, the Item of a Get). */
const reads = { requests: 0, items: 0 };
beforeAll(() => {
  documentClient().middlewareStack.add(
    (next) => async (args) => {
      const out = await next(args);
      const o = (out.output ?? {}) as { Items?: unknown[]; Item?: unknown; ScannedCount?: number };
      reads.requests++;
      reads.items += o.ScannedCount ?? o.Items?.length ?? (o.Item ? 1 : 0);
      return out;
    },
    { step: 'initialize', name: 'countStatusReads' },
  );
});

async function measuredStatus() {
  reads.requests = 0;
  reads.items = 0;
  const status = await syncService.status();
  return { status, ...reads };
}

let token: string;
const POLLS = 60;
const pollRuns: SyncRun[] = [];

beforeAll(async () => {
  token = await adminToken();
  // The catalogue loaded once, so status reads its counts item (as after any catalogue sync), whatever
  // ran before this file.
  expect((await runSync(token, 'internal_events')).status).toBe('succeeded');
  // Polling on (an hour apart, so the schedule adds nothing), its first poll done, the queue idle.
  const start = await api('POST', '/api/admin/sync/polling/start?interval=3600', { token });
  expect(start.status).toBe(200);
  await queuesIdle();
}, 60_000);

afterAll(async () => {
  await api('POST', '/api/admin/sync/polling/stop', { token });
});

describe('sync status and history at a growing history', () => {
  it('status reads the same bounded set after many polls, and the latest poll from its pointer', async () => {
    // The first read of a table without the counts item records it (a one-time migration).
    await syncService.status();
    const before = await measuredStatus();
    expect(before.requests).toBe(5);
    for (let i = 0; i < POLLS; i++) {
      const messageId = randomUUID();
      await syncJobConsumer.consume({
        messageId,
        body: JSON.stringify({ kind: 'poll', at: new Date().toISOString() }),
        receiveCount: 1,
      });
      const run = await syncService.history({ limit: 1 });
      pollRuns.push(must(run.items[0]));
    }
    const after = await measuredStatus();
    // The same requests and the same items, whatever the history holds; a handful of each.
    expect(after.requests).toBe(before.requests);
    expect(after.items).toBe(before.items);
    expect(after.items).toBeLessThanOrEqual(12);
    const last = must(pollRuns.at(-1));
    expect(after.status.legacy.last_poll).toMatchObject({ id: last.id, status: 'succeeded', attempts: 1 });
    expect((await dynamoSyncStateStore.get()).last_poll_at).not.toBeNull();
  });

  it('a poll that found nothing expires after 7 days and is counted in its hour', async () => {
    const empty = pollRuns.filter((r) => r.status === 'succeeded' && r.counts.fetched === 0);
    // The simulator may hand out an event now and then; most polls find nothing.
    expect(empty.length).toBeGreaterThanOrEqual(POLLS / 2);
    const item = must(await getItem(syncKeys.run(must(empty[0]).id)));
    const expected = Date.parse(must(empty[0]).started_at) / 1000 + EMPTY_POLL_TTL_SECONDS;
    expect(Math.abs(Number(item.ttl) - expected)).toBeLessThan(120);

    const summary = await api<PollSummaryResponse>('GET', '/api/admin/sync/poll-summary?limit=48', { token });
    expect(summary.status).toBe(200);
    const counted = summary.body.hours
      .filter((h) => empty.some((r) => r.started_at.startsWith(h.hour)))
      .reduce((n, h) => n + h.empty_polls, 0);
    expect(counted).toBeGreaterThanOrEqual(empty.length);
  });

  it('the history pages past its first page, filtered by type and status, newest first, without repeats', async () => {
    const seen: SyncRun[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = `/api/admin/sync/history?limit=20&sync_type=legacy_events&status=succeeded${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await api<SyncHistoryResponse>('GET', q, { token });
      expect(res.status).toBe(200);
      expect(res.body.runs.length).toBeLessThanOrEqual(20);
      for (const r of res.body.runs) expect(r).toMatchObject({ sync_type: 'legacy_events', status: 'succeeded' });
      seen.push(...res.body.runs);
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor && pages < 50);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
    for (const r of pollRuns) expect(seen.some((s) => s.id === r.id)).toBe(true);
    const starts = seen.map((r) => `${r.started_at}#${r.id}`);
    expect(starts).toEqual([...starts].sort().reverse());

    const failed = await api<SyncHistoryResponse>('GET', '/api/admin/sync/history?status=failed&limit=5', { token });
    for (const r of failed.body.runs) expect(r.status).toBe('failed');
  });

  it('refuses a cursor of another list and an unknown status with a 400 and a detail', async () => {
    const hours = await api<PollSummaryResponse>('GET', '/api/admin/sync/poll-summary?limit=1', { token });
    const foreign = must(hours.body.next_cursor ?? Buffer.from('{"PK":"x"}').toString('base64url'));
    const bad = await api<{ detail: string }>('GET', `/api/admin/sync/history?cursor=${foreign}`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('cursor is not a cursor of this list');
    const status = await api<{ detail: string }>('GET', '/api/admin/sync/history?status=done', { token });
    expect(status.status).toBe(400);
    expect(status.body.detail).toMatch(/^status must be one of/);
  });
});
