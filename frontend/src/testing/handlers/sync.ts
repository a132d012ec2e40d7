import { SYNC_MSG } from '@shared/schemas/sync';
import type {
  CatalogueTable,
  EventType,
  FailedQueueItem,
  Feature,
  HealthComponent,
  QueueStatus,
  SyncRun,
  SyncType,
} from '@/features/admin-sync/types';
import { bodyOf, fail, type HttpHandler, HttpResponse, http, queryOf } from '../server';

export const eventTypeFixture = (id: string, over: Partial<EventType> = {}): EventType => ({
  id,
  name: id.replace('.', ' '),
  trigger_type: id.split('.')[1] ?? 'changed',
  table: id.split('.')[0] ?? null,
  description: `When ${id} happens`,
  removed: false,
  ...over,
});

export const tableFixture = (name: string, over: Partial<CatalogueTable> = {}): CatalogueTable => ({
  id: name,
  name,
  column_count: 10,
  summary: `${name} rows`,
  references: [],
  removed: false,
  ...over,
});

export const featureFixture = (id: string, over: Partial<Feature> = {}): Feature => ({
  id,
  name: id,
  description: `${id} description`,
  category: 'Clinical',
  module: 'Chart',
  event_count: 0,
  table_count: 0,
  event_types: [],
  tables: [],
  removed: false,
  ...over,
});

/** The catalogue an internal sync loads in these tests. */
export function catalogue() {
  return {
    eventTypes: [
      eventTypeFixture('appointment.created'),
      eventTypeFixture('appointment.updated'),
      eventTypeFixture('patient.updated'),
    ],
    tables: [
      tableFixture('appointment', { column_count: 64, references: ['patient', 'provider'] }),
      tableFixture('patient', { column_count: 108, references: ['clinic'] }),
      tableFixture('provider', { column_count: 37 }),
      tableFixture('clinic', { column_count: 22 }),
    ],
    features: [
      featureFixture('scheduling', {
        name: 'Appointment Scheduling',
        description: 'Book and move appointments',
        category: 'Scheduling',
        module: 'Appointments',
      }),
      featureFixture('charting', {
        name: 'Clinical Charting',
        description: 'Tooth chart and procedures',
        category: 'Clinical',
        module: 'Chart',
      }),
    ],
  };
}

const iso = (offsetSeconds = 0) =>
  new Date(Date.parse('2025-06-01T10:00:00.000Z') + offsetSeconds * 1000).toISOString();

export const runFixture = (id: string, type: SyncType, over: Partial<SyncRun> = {}): SyncRun => ({
  id,
  sync_type: type,
  status: 'queued',
  started_by: 'admin@example.com',
  started_at: iso(),
  completed_at: null,
  counts: {},
  detail: null,
  ...over,
});

export const healthyComponents = (): HealthComponent[] => [
  { name: 'table', status: 'healthy', detail: 'DescribeTable answered in 12 ms', latency_ms: 12 },
  { name: 'legacy_system', status: 'healthy', detail: 'GET /health answered 200 in 30 ms', latency_ms: 30 },
  { name: 'internal_system', status: 'degraded', detail: 'GET /health answered 200 in 2400 ms', latency_ms: 2400 },
  { name: 'webhook_queue', status: 'healthy', detail: '0 messages waiting, 0 dead-lettered', latency_ms: 3 },
  { name: 'mail', status: 'unhealthy', detail: 'GetAccount failed: connection refused', latency_ms: null },
];

/**
 * The sync API over in-memory state. Runs start 'running' and end when the test calls
 * `finish(status, detail)`: a succeeded internal run loads `catalogue()`.
 */
export function syncHandlers(
  opts: {
    loaded?: boolean;
    polling?: boolean;
    failed?: FailedQueueItem[];
    failLists?: boolean;
    links?: Record<string, { events: string[]; tables: string[] }>;
    /** Recorded runs, newest first. */
    runs?: SyncRun[];
  } = {},
) {
  const source = catalogue();
  const state = {
    features: [] as Feature[],
    eventTypes: [] as EventType[],
    tables: [] as CatalogueTable[],
    links: new Map<string, { events: string[]; tables: string[] }>(Object.entries(opts.links ?? {})),
    runs: [...(opts.runs ?? [])] as SyncRun[],
    polling: Boolean(opts.polling),
    usersSynced: 12,
    failed: [...(opts.failed ?? [])],
    depth: 3,
    inFlight: 1,
    nextRun: 1,
    clock: 0,
  };
  const load = () => {
    state.features = source.features.map((f) => ({ ...f }));
    state.eventTypes = source.eventTypes;
    state.tables = source.tables;
  };
  if (opts.loaded) load();
  const lastInternal = () => state.runs.find((r) => r.sync_type.startsWith('internal') || r.sync_type === 'full_sync');
  const running = () => state.runs.filter((r) => r.status === 'running').map((r) => r.sync_type);
  const counts = () => ({
    features: state.features.length,
    event_types: state.eventTypes.length,
    tables: state.tables.length,
    relationships: state.tables.reduce((n, t) => n + t.references.length, 0),
  });
  const lastSync = () => {
    const run = state.runs.find(
      (r) => r.status !== 'running' && (r.sync_type === 'full_sync' || r.sync_type.startsWith('internal')),
    );
    return run ? { completed_at: run.completed_at, status: run.status, detail: run.detail } : null;
  };
  const featureView = (f: Feature): Feature => {
    const l = state.links.get(f.id) ?? { events: [], tables: [] };
    return {
      ...f,
      event_count: l.events.length,
      table_count: l.tables.length,
      event_types: state.eventTypes.filter((e) => l.events.includes(e.id)),
      tables: state.tables.filter((t) => l.tables.includes(t.id)),
    };
  };
  const start = (type: SyncType, message = 'Sync initiated successfully') => {
    if (running().includes(type)) return fail(409, SYNC_MSG.alreadyRunning(type));
    state.clock += 10;
    const run = runFixture(`run-${state.nextRun++}`, type, { status: 'running', started_at: iso(state.clock) });
    state.runs.unshift(run);
    return HttpResponse.json({ message, run }, { status: 202 });
  };
  const list = <T>(items: T[], key: string) =>
    opts.failLists ? fail(500, 'Catalogue unavailable') : HttpResponse.json({ [key]: items });

  const handlers: HttpHandler[] = [
    http.get('/api/admin/sync/status', () =>
      HttpResponse.json({
        legacy: {
          users_synced: state.usersSynced,
          polling_active: state.polling,
          polling_interval_seconds: 60,
          last_poll_at: state.polling ? iso(5) : null,
          cursor: null,
        },
        internal: { last_sync: lastSync() },
        current_counts: counts(),
        running: running(),
      }),
    ),
    http.get('/api/admin/sync/health', () =>
      HttpResponse.json({ status: 'degraded', checked_at: iso(), components: healthyComponents() }),
    ),
    // The server's filters and cursor paging (an offset cursor here; opaque to the screens).
    http.get('/api/admin/sync/history', ({ request }) => {
      const query = queryOf(request);
      const type = query.get('sync_type');
      const status = query.get('status');
      const shown = state.runs.filter((r) => (!type || r.sync_type === type) && (!status || r.status === status));
      const from = Number(query.get('cursor')?.slice(1) ?? 0);
      const to = from + Number(query.get('limit') ?? 50);
      return HttpResponse.json({ runs: shown.slice(from, to), next_cursor: to < shown.length ? `o${to}` : null });
    }),
    http.post('/api/admin/sync/trigger', async ({ request }) =>
      start(((await bodyOf(request)) as { sync_type: SyncType }).sync_type),
    ),
    http.post('/api/admin/sync/polling/start', () => {
      if (state.polling) return fail(409, 'Polling is already active');
      state.polling = true;
      return HttpResponse.json({ message: 'Polling started', polling_active: true, interval_seconds: 60 });
    }),
    http.post('/api/admin/sync/polling/stop', () => {
      if (!state.polling) return fail(409, 'Polling is not active');
      state.polling = false;
      return HttpResponse.json({ message: 'Polling stopped', polling_active: false });
    }),
    http.get('/api/admin/sync/queue/status', () => {
      const body: QueueStatus = {
        depth: state.depth,
        in_flight: state.inFlight,
        failed: state.failed.length,
        oldest_age_seconds: state.depth ? 95 : null,
        failed_items: state.failed,
      };
      return HttpResponse.json(body);
    }),
    http.post('/api/admin/sync/queue/retry-failed', () => {
      const n = state.failed.length;
      state.depth += n;
      state.failed = [];
      return HttpResponse.json({ message: `Re-queued ${n} failed items`, retried: n });
    }),
    http.post('/api/internal-sync/load', () => start('full_sync', 'Internal sync started')),
    http.get('/api/internal-sync/status', () =>
      HttpResponse.json({ last_sync: lastSync(), running: running().includes('full_sync'), counts: counts() }),
    ),
    http.get('/api/internal-sync/features', ({ request }) => {
      if (opts.failLists) return fail(500, 'Catalogue unavailable');
      const search = (queryOf(request).get('search') ?? '').toLowerCase();
      const category = queryOf(request).get('category') ?? '';
      const found = state.features
        .filter((f) => !search || `${f.name} ${f.description}`.toLowerCase().includes(search))
        .filter((f) => !category || f.category === category)
        .map(featureView);
      return HttpResponse.json({ features: found });
    }),
    http.get('/api/internal-sync/event-types', () => list(state.eventTypes, 'event_types')),
    http.get('/api/internal-sync/tables', () => list(state.tables, 'tables')),
    http.get('/api/internal-sync/categories', () =>
      list([...new Set(state.features.map((f) => f.category))].sort(), 'feature_categories'),
    ),
    http.get<{ id: string }>('/api/internal-sync/features/:id/link-events', ({ params }) => {
      const f = state.features.find((x) => x.id === params.id);
      if (!f) return fail(404, 'Feature not found');
      const v = featureView(f);
      return HttpResponse.json({ feature_id: f.id, event_types: v.event_types, tables: v.tables });
    }),
    http.post<{ id: string }>('/api/internal-sync/features/:id/link-events', async ({ request, params }) => {
      const body = (await bodyOf(request)) as { feature_id: string; event_type_ids: string[]; table_ids: string[] };
      if (body.feature_id !== params.id) return fail(400, 'feature_id must match the feature in the path');
      const unknown = body.event_type_ids.filter((id) => !state.eventTypes.some((e) => e.id === id));
      if (unknown.length) return fail(400, `Unknown event types: ${unknown.join(', ')}`);
      state.links.set(body.feature_id, { events: body.event_type_ids, tables: body.table_ids });
      const n = body.event_type_ids.length;
      const m = body.table_ids.length;
      return HttpResponse.json({
        feature_id: body.feature_id,
        linked_events: n,
        linked_tables: m,
        message: `Successfully linked ${n} events and ${m} tables`,
      });
    }),
  ];

  return {
    handlers,
    state,
    lastInternal,
    /** Ends the newest running run. */
    finish(status: 'succeeded' | 'failed', detail: string | null = null) {
      const run = state.runs.find((r) => r.status === 'running');
      if (!run) throw new Error('no running run');
      state.clock += 5;
      run.status = status;
      run.detail = detail;
      run.completed_at = iso(state.clock);
      run.counts = status === 'succeeded' ? { created: 9, updated: 0, unchanged: 0, removed: 0 } : {};
      if (status === 'succeeded' && (run.sync_type === 'full_sync' || run.sync_type.startsWith('internal'))) load();
    },
  };
}
