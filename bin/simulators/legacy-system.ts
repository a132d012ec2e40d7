/**
 * The local "legacy system": the older developer portal this ecosystem replaces, served over HTTP
 * as shared/contracts/legacy-system.openapi.json describes. It holds 50 legacy developer accounts
 * (three share an address with a demo developer of bin/seed, in another letter case) and emits a
 * practice event every few seconds for the demo practices of bin/seed/demo-practices.ts, with a
 * monotonically increasing cursor. Event types are the internal catalogue's.
 *
 * Besides the fault modes of common.ts, POST /__control accepts {"emit": {practice_email, type,
 * data?, occurred_at?} | [...]} to append events at once (tests, the sync benchmark); the answer
 * lists them. `occurred_at` (ISO) backdates an event, as a system catching up on old events would.
 * {"restart": true} restarts the server on its port (the answer comes first; the log is read back
 * from `dataDir` as after a restart of the process); {"restore_to": "n"} drops the events after
 * cursor n, as a restore from an older backup would (the next event is n + 1).
 *
 * The event log is kept in `dataDir`/events.jsonl (one event a line, appended as it is made), so a
 * restarted simulator continues the sequence instead of starting again at 1; the newest
 * MAX_LOGGED_EVENTS are kept. GET /health answers `latest_cursor` (the contract's optional field),
 * which the product compares with its stored cursor.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { LegacyAccount, LegacyEvent } from '@shared/schemas/outside-systems';
import { cycle } from '../cycle';
import { DEMO_PRACTICES } from '../seed/demo-practices';
import { paged, startSimulator } from './common';

const FIRST = ['Alex', 'Priya', 'Jordan', 'Mei', 'Tomás', 'Fatima', 'Noah', 'Ingrid', 'Kwame', 'Sofia'];
const LAST = ['Brooks', 'Nakamura', 'Osei', 'Lindqvist', 'Haddad'];
const COMPANIES = ['Toothline', 'Enamel Labs', 'PracticeBridge', 'OrthoByte', 'Gumline Systems'];

/** Addresses of demo developers (bin/seed/demo-developers.ts) in another letter case. */
const SHARED_WITH_DEMO = [
  { email: 'Dr.Chen@BrightSmile.dev', full_name: 'Lena Chen (legacy)', company_name: 'BrightSmile' },
  { email: 'SAM@MolarWorks.io', full_name: 'Samir Patel', company_name: 'Molar Works Ltd' },
  { email: 'Ana@DentaFlow.com', full_name: 'Ana R.', company_name: 'DentaFlow' },
];

export function legacyAccounts(): LegacyAccount[] {
  const out: LegacyAccount[] = SHARED_WITH_DEMO.map((a, i) => ({
    id: `lgc-${String(i + 1).padStart(4, '0')}`,
    ...a,
    created_at: new Date(Date.UTC(2019, i, 3)).toISOString(),
  }));
  for (let i = out.length; i < 50; i++) {
    const first = cycle(FIRST, i);
    const last = cycle(LAST, Math.floor(i / FIRST.length));
    const company = cycle(COMPANIES, i);
    out.push({
      id: `lgc-${String(i + 1).padStart(4, '0')}`,
      // Mixed case on purpose: the legacy portal never normalised addresses.
      email: `${first}.${last}${i}@${company.replace(/\s+/g, '')}.example`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
      full_name: `${first} ${last}`,
      company_name: company,
      created_at: new Date(Date.UTC(2019 + (i % 5), i % 12, (i % 27) + 1)).toISOString(),
    });
  }
  return out;
}

const eventTypeNames = (): string[] =>
  (
    JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../data/practice-catalogue/event-types.json'), 'utf8'),
    ) as Array<{ name: string }>
  ).map((e) => e.name);

export interface LegacySystemOptions {
  port?: number;
  apiKey: string;
  /** Milliseconds between generated events; 0 turns the generator off. */
  eventIntervalMs?: number;
  /** Folder of the event log; without it the log lives in memory only. */
  dataDir?: string;
}

/** The log keeps this many newest events (about two days at one event every 4 s). */
export const MAX_LOGGED_EVENTS = 50_000;

/** The event log: in memory, and appended to `dir`/events.jsonl when there is a folder. */
function eventLog(dir: string | undefined) {
  const file = dir ? join(dir, 'events.jsonl') : undefined;
  const events: LegacyEvent[] = [];
  if (file && existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        events.push(JSON.parse(line) as LegacyEvent);
      } catch {
        // A line cut short by a crash mid-write: the events before it stand.
      }
    }
  }
  const rewrite = () => {
    if (file) writeFileSync(file, events.map((e) => `${JSON.stringify(e)}\n`).join(''));
  };
  if (events.length > MAX_LOGGED_EVENTS) {
    events.splice(0, events.length - MAX_LOGGED_EVENTS);
    rewrite();
  }
  if (dir) mkdirSync(dir, { recursive: true });
  return {
    events,
    lastSeq: () => Number(events.at(-1)?.cursor ?? 0),
    add(event: LegacyEvent) {
      events.push(event);
      if (file) appendFileSync(file, `${JSON.stringify(event)}\n`);
    },
    /** Drops the events after `cursor` (a restore from an older backup). */
    restoreTo(cursor: number) {
      const keep = events.findIndex((e) => Number(e.cursor) > cursor);
      if (keep >= 0) events.splice(keep);
      rewrite();
    },
  };
}

export async function startLegacySystem(opts: LegacySystemOptions) {
  let current: Awaited<ReturnType<typeof bootLegacySystem>>;
  // A restart: the answer to the control call goes first, then the server closes and opens again
  // on its port, reading its log back from the folder as a new process would.
  const restart = () => {
    setTimeout(() => {
      void (async () => {
        await current.stop();
        current = await bootLegacySystem({ ...opts, port: current.port }, restart);
      })();
    }, 10);
  };
  current = await bootLegacySystem(opts, restart);
  return {
    url: current.url,
    port: current.port,
    get control() {
      return current.control;
    },
    stop: () => current.stop(),
  };
}

async function bootLegacySystem(opts: LegacySystemOptions, restart: () => void) {
  const accounts = legacyAccounts();
  const types = eventTypeNames();
  const log = eventLog(opts.dataDir);
  const startedAt = new Date().toISOString();
  const events = log.events;
  let seq = log.lastSeq();
  const append = (
    practice_email: string,
    type: string,
    data: Record<string, unknown> = {},
    occurredAt?: string,
  ): LegacyEvent => {
    seq += 1;
    const event: LegacyEvent = {
      id: `evt${String(seq).padStart(10, '0')}${Math.random().toString(36).slice(2, 8)}`,
      cursor: String(seq),
      type,
      practice_email,
      occurred_at: occurredAt ?? new Date().toISOString(),
      data: { record_id: `${type.split('.')[0]}-${1000 + seq}`, ...data },
    };
    log.add(event);
    return event;
  };
  const practices = DEMO_PRACTICES.map((p) => p.email);
  let tick = 0;
  const timer =
    (opts.eventIntervalMs ?? 4000) > 0
      ? setInterval(() => {
          tick += 1;
          append(cycle(practices, tick), cycle(types, tick * 5), { source: 'generator' });
        }, opts.eventIntervalMs ?? 4000)
      : undefined;
  timer?.unref();

  const sim = await startSimulator({
    name: 'Legacy system',
    port: opts.port ?? 0,
    apiKey: opts.apiKey,
    onControl: (body) => {
      if (body.restart === true) {
        restart();
        return { restarting: true };
      }
      if (typeof body.restore_to === 'string' && /^\d{1,20}$/.test(body.restore_to)) {
        log.restoreTo(Number(body.restore_to));
        seq = log.lastSeq();
        return { latest_cursor: events.at(-1)?.cursor ?? null };
      }
      const emit = body.emit;
      if (!emit) return {};
      const list = (Array.isArray(emit) ? emit : [emit]) as Array<Record<string, unknown>>;
      return {
        emitted: list.map((e) =>
          append(
            String(e.practice_email),
            String(e.type),
            (e.data as Record<string, unknown>) ?? {},
            typeof e.occurred_at === 'string' ? e.occurred_at : undefined,
          ),
        ),
      };
    },
    route: (url) => {
      switch (url.pathname) {
        case '/health':
          return {
            status: 200,
            body: {
              status: 'ok',
              events: events.length,
              latest_cursor: events.at(-1)?.cursor ?? null,
              started_at: startedAt,
            },
          };
        case '/v1/accounts': {
          const page = paged(accounts, url);
          return { status: 200, body: page, invalid: { ...page, items: [{ id: 'x y', email: 'not-an-address' }] } };
        }
        case '/v1/events': {
          const after = url.searchParams.get('after');
          const from = after && /^\d+$/.test(after) ? Number(after) : 0;
          const limit = Math.min(500, Math.max(1, Number.parseInt(url.searchParams.get('limit') ?? '100', 10) || 100));
          const rest = events.filter((e) => Number(e.cursor) > from);
          const items = rest.slice(0, limit);
          const body = {
            items,
            next_cursor: items.at(-1)?.cursor ?? after ?? null,
            has_more: rest.length > items.length,
          };
          return {
            status: 200,
            body,
            invalid: { ...body, items: [{ id: 'evt-bad', cursor: 'abc', type: 'Nope', practice_email: 'x' }] },
          };
        }
        default:
          return undefined;
      }
    },
  });
  return {
    ...sim,
    stop: async () => {
      if (timer) clearInterval(timer);
      await sim.stop();
    },
  };
}
