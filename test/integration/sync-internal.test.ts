/**
 * Internal sync against the internal-system simulator (a real HTTP server with the Open Dental
 * catalogue): loading, idempotent re-runs, vanished items marked removed, the webhook catalogue,
 * searches and links, the 409 of a second trigger, and every fault of the outside system.
 */

import type { LoginResponse } from '@shared/schemas/accounts';
import type {
  EventTypesResponse,
  FeatureLinksResponse,
  FeaturesResponse,
  InternalLoadResponse,
  InternalStatusResponse,
  Relationship,
  SyncRun,
  SyncStatusResponse,
  TablesResponse,
  TriggerSyncResponse,
} from '@shared/schemas/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api } from '../support/api';
import { must } from '../support/must';
import { control, countsOf, runSync, waitForRun, whileSystem } from '../support/sync';

let token: string;

async function demoDeveloperToken(): Promise<string> {
  const res = await api<LoginResponse>('POST', '/api/login', {
    body: { email: 'dr.chen@brightsmile.dev', password: 'demo1234' },
  });
  return res.body.access_token;
}
const TOTAL = 420 + 633 + 14 + 16;

async function counts() {
  return (await api<InternalStatusResponse>('GET', '/api/internal-sync/status', { token })).body.counts;
}

beforeAll(async () => {
  token = await adminToken();
  await control('internal', { mode: 'ok', omit: null });
});

describe('internal sync', { timeout: 180_000 }, () => {
  it('loads the catalogue: 420 tables, 14 event types, 16 features, 633 relationships', async () => {
    const start = await api<InternalLoadResponse>('POST', '/api/internal-sync/load', { token });
    expect(start.status).toBe(202);
    expect(start.body.message).toBe('Internal sync started');
    expect(start.body.run.sync_type).toBe('full_sync');
    expect(start.body.run.started_by).toBe(
      'admin@dentalmarket.test'.replace('dentalmarket.test', start.body.run.started_by.split('@')[1] ?? ''),
    );
    const run = await waitForRun(token, start.body.run.id);
    expect(run.status, run.detail ?? undefined).toBe('succeeded');
    expect(countsOf(run, 'created', 'updated', 'unchanged')).toBe(TOTAL);
    expect(run.completed_at).not.toBeNull();
    expect(await counts()).toEqual({ features: 16, event_types: 14, tables: 420, relationships: 633 });
    const status = await api<SyncStatusResponse>('GET', '/api/admin/sync/status', { token });
    expect(status.body.current_counts.tables).toBe(420);
    expect(status.body.internal.last_sync?.status).toBe('succeeded');
  });

  it('a second run with the same data changes nothing and says so', async () => {
    const run = await runSync(token, 'full_sync');
    expect(run.status).toBe('succeeded');
    expect(run.counts).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: TOTAL });
  });

  it('internal event types join the webhook catalogue next to license.*', async () => {
    const names = (await api<string[]>('GET', '/api/event-types', { token: await demoDeveloperToken() })).body;
    expect(names).toEqual(expect.arrayContaining(['appointment.created', 'patient.selected', 'license.purchased']));
    const types = await api<EventTypesResponse>('GET', '/api/internal-sync/event-types', { token });
    expect(types.body.event_types).toHaveLength(14);
    expect(types.body.event_types.find((e) => e.id === 'appointment.deleted')).toMatchObject({
      trigger_type: 'db_poll',
      table: 'appointment',
      removed: false,
    });
  });

  it('tables carry their column count and the tables they reference', async () => {
    const res = await api<TablesResponse>('GET', '/api/internal-sync/tables?search=appointment', { token });
    const appt = must(
      res.body.tables.find((t) => t.id === 'appointment'),
      'the appointment table',
    );
    expect(appt.column_count).toBeGreaterThan(10);
    expect(appt.references).toEqual(expect.arrayContaining(['patient', 'provider']));
    const rels = await api<{ relationships: Relationship[] }>(
      'GET',
      '/api/internal-sync/relationships?table=appointment',
      {
        token,
      },
    );
    expect(rels.body.relationships.every((r) => r.from_table === 'appointment')).toBe(true);
    expect(rels.body.relationships.length).toBeGreaterThan(3);
  });

  it('searches and filters features by category', async () => {
    const all = await api<FeaturesResponse>('GET', '/api/internal-sync/features', { token });
    expect(all.body.features).toHaveLength(16);
    const cats = await api('GET', '/api/internal-sync/categories', { token });
    expect(cats.body.feature_categories).toEqual(expect.arrayContaining(['Clinical', 'Front office', 'Financial']));
    const search = await api<FeaturesResponse>('GET', '/api/internal-sync/features?search=APPOINTMENTS', { token });
    expect(search.body.features.map((f) => f.id)).toContain('appointments-scheduling');
    const clinical = await api<FeaturesResponse>(
      'GET',
      `/api/internal-sync/features?category=${encodeURIComponent('Clinical')}`,
      {
        token,
      },
    );
    expect(clinical.body.features.length).toBeGreaterThan(0);
    expect(clinical.body.features.every((f) => f.category === 'Clinical')).toBe(true);
    const f = must(
      all.body.features.find((x) => x.id === 'appointments-scheduling'),
      'appointments-scheduling',
    );
    expect(f.event_count).toBe(f.event_types.length);
    expect(f.table_count).toBe(f.tables.length);
  });

  it('saves a feature’s links, and refuses unknown ids with a 400 that changes nothing', async () => {
    const id = 'appointments-scheduling';
    const before = await api('GET', `/api/internal-sync/features/${id}/link-events`, { token });
    const bad = await api('POST', `/api/internal-sync/features/${id}/link-events`, {
      token,
      body: { feature_id: id, event_type_ids: ['appointment.created', 'nope.gone'], table_ids: ['patient'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Unknown event types: nope.gone');
    const badTable = await api('POST', `/api/internal-sync/features/${id}/link-events`, {
      token,
      body: { feature_id: id, event_type_ids: [], table_ids: ['no_such_table'] },
    });
    expect(badTable.status).toBe(400);
    expect(badTable.body.detail).toBe('Unknown tables: no_such_table');
    const mismatch = await api('POST', `/api/internal-sync/features/${id}/link-events`, {
      token,
      body: { feature_id: 'other', event_type_ids: [], table_ids: [] },
    });
    expect(mismatch.status).toBe(400);
    expect((await api('GET', `/api/internal-sync/features/${id}/link-events`, { token })).body).toEqual(before.body);

    const ok = await api('POST', `/api/internal-sync/features/${id}/link-events`, {
      token,
      body: {
        feature_id: id,
        event_type_ids: ['appointment.created', 'patient.updated'],
        table_ids: ['appointment', 'patient', 'provider'],
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      feature_id: id,
      linked_events: 2,
      linked_tables: 3,
      message: 'Successfully linked 2 events and 3 tables',
    });
    const now = await api<FeatureLinksResponse>('GET', `/api/internal-sync/features/${id}/link-events`, { token });
    expect(now.body.event_types.map((e) => e.id)).toEqual(['appointment.created', 'patient.updated']);
    expect(now.body.tables.map((t) => t.id)).toEqual(['appointment', 'patient', 'provider']);
    const feature = await api('GET', `/api/internal-sync/features/${id}`, { token });
    expect(feature.body).toMatchObject({ event_count: 2, table_count: 3 });
    expect((await api('GET', '/api/internal-sync/features/no-such-feature', { token })).status).toBe(404);
    // A catalogue re-run keeps the saved links.
    await runSync(token, 'internal_features');
    expect((await api('GET', `/api/internal-sync/features/${id}`, { token })).body.event_count).toBe(2);
  });

  it('marks items that vanished from the source removed (not deleted), and restores them when they return', async () => {
    await control('internal', { omit: { tables: ['wikipage'], features: ['imaging'] } });
    const tables = await runSync(token, 'internal_tables');
    expect(tables.counts).toMatchObject({ removed: 1, created: 0, updated: 0 });
    const listed = await api<TablesResponse>('GET', '/api/internal-sync/tables?search=wikipage', { token });
    expect(listed.body.tables.find((t) => t.id === 'wikipage')?.removed).toBe(true);
    expect((await counts()).tables).toBe(419);

    await control('internal', { omit: null });
    const back = await runSync(token, 'internal_tables');
    expect(back.counts).toMatchObject({ removed: 0, created: 0, updated: 1 });
    expect((await counts()).tables).toBe(420);
  });

  it('answers 409 to a second trigger while a catalogue sync runs', async () => {
    await whileSystem('internal', { mode: 'slow', delay_ms: 800 }, async () => {
      const first = await api<TriggerSyncResponse>('POST', '/api/admin/sync/trigger', {
        token,
        body: { sync_type: 'full_sync' },
      });
      expect(first.status).toBe(202);
      const second = await api('POST', '/api/internal-sync/load', { token });
      expect(second.status).toBe(409);
      expect(second.body.detail).toBe('A full sync is already running');
      const third = await api('POST', '/api/admin/sync/trigger', { token, body: { sync_type: 'internal_tables' } });
      expect(third.status).toBe(409);
      expect(third.body.detail).toBe('An internal tables sync is already running');
      const running = await api('GET', '/api/internal-sync/status', { token });
      expect(running.body.running).toBe(true);
      await control('internal', { mode: 'ok' });
      expect((await waitForRun(token, first.body.run.id)).status).toBe('succeeded');
    });
  });

  it('refuses an unknown sync type with a 400', async () => {
    const res = await api('POST', '/api/admin/sync/trigger', { token, body: { sync_type: 'everything' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^sync_type must be one of/);
  });

  const FAULTS: Array<[string, Record<string, unknown>, RegExp]> = [
    ['down', { mode: 'down' }, /^Internal system is unreachable \(GET \/v1\/.+/],
    [
      'slow past the timeout',
      { mode: 'slow', delay_ms: 5000 },
      /^Internal system did not answer GET \/v1\/\S+ within 1500 ms$/,
    ],
    ['answering 500', { mode: 'error500' }, /^Internal system answered HTTP 500 to GET \/v1\//],
    ['answering malformed JSON', { mode: 'malformed' }, /^Internal system answered GET \/v1\/\S+ with malformed JSON$/],
    [
      'sending items that fail validation',
      { mode: 'invalid_items' },
      /^Internal system sent data that fails validation in GET \/v1\/\S+ \(item 1\): /,
    ],
  ];

  for (const [name, mode, detail] of FAULTS) {
    it(`fails cleanly when the internal system is ${name}, keeps the data, and a re-run converges`, async () => {
      const before = await counts();
      const beforeFeature = (await api('GET', '/api/internal-sync/features/appointments-scheduling', { token })).body;
      const failed = await whileSystem('internal', mode, () => runSync(token, 'full_sync'));
      expect(failed.status).toBe('failed');
      expect(failed.detail).toMatch(detail);
      expect(failed.counts).toEqual({});
      // Status and history show the failure with its detail.
      const status = await api('GET', '/api/internal-sync/status', { token });
      expect(status.body.last_sync).toMatchObject({ status: 'failed', detail: failed.detail });
      const logs = await api<{ logs: SyncRun[] }>('GET', '/api/internal-sync/logs', { token });
      expect(logs.body.logs[0]).toMatchObject({ id: failed.id, status: 'failed', detail: failed.detail });
      // Nothing half-written.
      expect(await counts()).toEqual(before);
      expect((await api('GET', '/api/internal-sync/features/appointments-scheduling', { token })).body).toEqual(
        beforeFeature,
      );
      // A re-run converges to the clean state.
      const again = await runSync(token, 'full_sync');
      expect(again.status).toBe('succeeded');
      expect(again.counts).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: TOTAL });
    });
  }
});
