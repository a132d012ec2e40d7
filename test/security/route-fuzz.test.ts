/**
 * Issue 30: a property-based fuzz test generated from the route table (functions/routes.ts). Every
 * route is called as each role (anonymous, developer, practice, admin, partner key) with random and
 * boundary bodies, queries and path values (real ids of the fuzzing accounts' objects among them).
 * Bodies are random JSON values and, as often, malformed JSON (cut short, trailing garbage, bare
 * words, NUL bytes). Properties: no 5xx, every answer well-formed (a 4xx carries a `detail`), and
 * no 2xx for a role the route does not admit, and no state change on a 4xx, checked per role: the
 * roles the route admits call a writing route one after the other (the others together, before
 * them), and a role whose every call was refused must leave the fingerprint as it found it (the fuzzing
 * accounts' apps, keys, webhooks, profiles, purchases and installs, the categories and the newest
 * audit trail entries).
 *
 * A small seeded generator (no fast-check in the tree); fixed seed and budget in `npm test`.
 * A longer run: FUZZ_ITERATIONS=20 FUZZ_SEED=7 npx vitest run --project security test/security/route-fuzz.test.ts
 * (docs/security.md); the test's timeout grows with FUZZ_ITERATIONS.
 */
import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@shared/schemas/accounts';
import type { OwnerApp } from '@shared/schemas/apps';
import { sortedValue } from '@shared/sorted-value';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../../bin/seed/admin';
import { type Access, ROUTES, type RouteDef, routeKey } from '../../functions/routes';
import { api, apiUrl, approvedDeveloper, freeAppPayload, newPractice, uniqueEmail } from '../support/api';

const SEED = Number(process.env.FUZZ_SEED ?? 30);
const ITERATIONS = Math.max(1, Number(process.env.FUZZ_ITERATIONS ?? 1));

/** mulberry32: a small seeded generator, so a failure is replayed with its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  return { next, int, pick };
}
type Gen = ReturnType<typeof generator>;

const STRINGS = [
  '',
  ' ',
  'a',
  'x'.repeat(256),
  'y'.repeat(10_001),
  '0',
  '-1',
  'null',
  'undefined',
  '../../etc/passwd',
  '%00',
  '\u0000',
  'é😀\u202e',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '{"$ne":null}',
  'not-an-email@',
  'a@b',
  'https://evil.example/x',
  'http://127.0.0.1:8000/',
  'javascript:alert(1)',
  '2026-13-45',
  '9999-12-31T23:59:59Z',
  'eyJhbGciOiJub25lIn0.e30.',
];
const NUMBERS = [0, -1, 1, 2 ** 31, -(2 ** 53), 1e308, 0.001, 99.999];
const FIELDS = [
  'name',
  'email',
  'password',
  'full_name',
  'type',
  'id',
  'app_id',
  'price',
  'category',
  'url',
  'events',
  'features',
  'baa_signed',
  'token',
  'reason',
  'rating',
  'text',
  'license_key',
  'event_type',
  'data',
  'metadata',
  'limit',
  'cursor',
  'is_active',
  'session_id',
  'purchase_id',
];
const QUERY_KEYS = ['limit', 'cursor', 'q', 'page', 'sort', 'from', 'to', 'actor', 'status', 'category', 'app_id'];

function value(g: Gen, depth = 0): unknown {
  switch (g.int(depth > 1 ? 4 : 7)) {
    case 0:
      return g.pick(STRINGS);
    case 1:
      return g.pick(NUMBERS);
    case 2:
      return g.pick([true, false, null]);
    case 3:
      return g.pick(STRINGS);
    case 4:
      return Array.from({ length: g.int(4) }, () => value(g, depth + 1));
    default:
      return object(g, depth + 1);
  }
}

function object(g: Gen, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = g.int(5); i > 0; i--) out[g.pick(FIELDS)] = value(g, depth);
  return out;
}

/** Bodies that are not JSON at all, or not quite: the body parser must answer 400, never 5xx. */
const MALFORMED = [
  '{',
  '{"name":',
  '{"email": "a@b.c",}',
  '[1, 2',
  '{"a":1}}',
  "{'name': 'single quotes'}",
  'undefined',
  'NaN',
  '{"a": 01}',
  '\u0000{}',
  '{"a":"\ud800"}',
  '{"__proto__": {"is_admin": true}}',
  '{"constructor": {"prototype": {"role": "admin"}}}',
  '\ufeff{}',
  `${'['.repeat(500)}${']'.repeat(500)}`,
];

/** A request body as sent: valid JSON of a random value, or malformed text. */
function body(g: Gen): string | undefined {
  if (g.int(3) === 0) return g.pick(MALFORMED);
  const value = g.pick([undefined, null, [], 'text', 42, object(g), object(g), object(g)]);
  return value === undefined ? undefined : JSON.stringify(value);
}

interface Actor {
  label: 'anonymous' | 'developer' | 'practice' | 'admin' | 'partner key';
  headers: Record<string, string>;
}

/** The roles the route table lets through (functions/routes.ts Access); the others are refused before the handler. */
const ADMITTED: Record<Access, readonly Actor['label'][]> = {
  public: ['anonymous', 'developer', 'practice', 'admin', 'partner key'],
  user: ['developer', 'practice', 'admin'],
  buyer: ['developer', 'practice'],
  owner_or_admin: ['developer', 'admin'],
  developer: ['developer'],
  admin: ['admin'],
  apikey: ['partner key'],
};

let actors: Actor[];
/** Real ids the path values draw from besides junk: so a route may meet a real object. */
let realIds: string[];
let fingerprint: () => Promise<string>;

/** Fields that move on reads or with time, not with a change of state. */
const VOLATILE = /usage|calls|last_used|quota|requests_today|expires|_at$|count/i;
const stable = (v: unknown): unknown => sortedValue(v, (k) => !VOLATILE.test(k));

beforeAll(async () => {
  const [dev, practice] = await Promise.all([approvedDeveloper(), newPractice()]);
  const email = uniqueEmail('fuzz-admin');
  const password = `Fuzz-${randomUUID()}`;
  await seedAdmin(email, password);
  const login = await api<LoginResponse>('POST', '/api/admin-login', { body: { email, password } });
  expect(login.status).toBe(200);
  const admin = login.body.access_token;
  const app = await api<OwnerApp>('POST', '/api/apps/submit', {
    token: dev.token,
    body: freeAppPayload(`Fuzz target ${Date.now()}`),
  });
  expect(app.status).toBe(201);
  const key = await api<{ id: string; key: string }>('POST', '/api/keys', {
    token: dev.token,
    body: { type: 'staging' },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  realIds = [app.body.id, app.body.slug, key.body.id, dev.id, practice.id];
  actors = [
    { label: 'anonymous', headers: {} },
    { label: 'developer', headers: { authorization: `Bearer ${dev.token}` } },
    { label: 'practice', headers: { authorization: `Bearer ${practice.token}` } },
    { label: 'admin', headers: { authorization: `Bearer ${admin}` } },
    { label: 'partner key', headers: { 'x-api-key': key.body.key } },
  ];
  const reads: Array<[string, string]> = [
    [dev.token, '/api/apps'],
    [dev.token, `/api/apps/${app.body.id}`],
    [dev.token, '/api/keys'],
    [dev.token, `/api/apps/${app.body.id}/webhooks`],
    [dev.token, '/api/user/profile'],
    [dev.token, '/api/stripe/my-purchases'],
    [practice.token, '/api/user/profile'],
    [practice.token, '/api/stripe/my-purchases'],
    [practice.token, '/api/installs'],
    [admin, '/api/admin/profile'],
    [admin, '/api/admin/categories'],
    [admin, `/api/admin/apps/${app.body.id}/purchases`],
    // The newest entries of the whole trail: an entry written for a refused call changed state.
    [admin, '/api/admin/audit?limit=10'],
  ];
  fingerprint = async () =>
    JSON.stringify(
      await Promise.all(reads.map(async ([token, path]) => stable((await api('GET', path, { token })).body))),
    );
}, 60_000);

/**
 * Admin switches that act on the whole instance (a sync run, polling): fuzzed without the admin
 * (their role check), since a valid random call would start work other test files wait on.
 */
const ADMIN_SKIPPED = new Set([
  'POST /api/admin/sync/trigger',
  'POST /api/admin/sync/polling/start',
  'POST /api/admin/sync/polling/stop',
  'POST /api/admin/sync/queue/retry-failed',
  'POST /api/internal-sync/load',
]);

/** 5xx answers a route gives on purpose: Google sign-in answers 503 while it is not configured (local). */
const EXPECTED_5XX: Record<string, (status: number) => boolean> = {
  'POST /api/google-login': (status) => status === 503,
};

function pathOf(route: RouteDef, g: Gen): string {
  return route.path.replace(/\{(\w+)\}/g, () =>
    encodeURIComponent(g.int(3) === 0 ? g.pick(realIds) : String(g.pick([...STRINGS.slice(0, 20), randomUUID()]))),
  );
}

function queryOf(g: Gen): string {
  const parts: string[] = [];
  for (let i = g.int(4); i > 0; i--) parts.push(`${g.pick(QUERY_KEYS)}=${encodeURIComponent(String(value(g, 2)))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

async function call(route: RouteDef, actor: Actor, g: Gen) {
  const path = `${pathOf(route, g)}${queryOf(g)}`;
  const payload = route.method === 'GET' ? undefined : body(g);
  const headers: Record<string, string> = { ...actor.headers };
  if (payload !== undefined) {
    headers['content-type'] = g.pick(['application/json', 'application/json', 'text/plain', 'multipart/form-data']);
  }
  const res = await fetch(`${apiUrl()}${path}`, { method: route.method, headers, body: payload, redirect: 'manual' });
  const text = await res.text();
  return { path, payload, status: res.status, type: res.headers.get('content-type') ?? '', text };
}

/** Budget of the test: the default run takes about half a minute; each further iteration about as much again. */
const TIMEOUT_MS = 300_000 + ITERATIONS * 120_000;

describe('route table fuzz (seed %s)', () => {
  it(`answers every route, as every role, without a 5xx or a change on a 4xx (seed ${SEED}, ${ITERATIONS} per route and role)`, {
    timeout: TIMEOUT_MS,
  }, async () => {
    const g = generator(SEED);
    const failures: string[] = [];
    let calls = 0;
    let fingerprints = 0;
    const started = Date.now();
    const read = () => {
      fingerprints++;
      return fingerprint();
    };
    for (const route of ROUTES) {
      const key = routeKey(route);
      const writes = route.method !== 'GET';
      // Each role its own values, drawn in a fixed order.
      const plans = actors
        .filter((actor) => !(actor.label === 'admin' && ADMIN_SKIPPED.has(key)))
        .map((actor) => ({ actor, seeds: Array.from({ length: ITERATIONS }, () => g.int(2 ** 31)) }));
      /** One role's calls; true when every one of them was refused (4xx). */
      const run = async ({ actor, seeds }: (typeof plans)[number]): Promise<boolean> => {
        const admitted = ADMITTED[route.access].includes(actor.label);
        let all4xx = true;
        for (const seed of seeds) {
          const res = await call(route, actor, generator(seed));
          calls++;
          const where = `${actor.label} ${route.method} ${res.path} ${JSON.stringify(res.payload)?.slice(0, 200)}`;
          if (res.status >= 500 && !EXPECTED_5XX[key]?.(res.status))
            failures.push(`${res.status} ${where}: ${res.text.slice(0, 200)}`);
          if (res.status < 400 || res.status >= 500) all4xx = false;
          if (!admitted && res.status < 400)
            failures.push(`${res.status} for a role the route does not admit: ${where}`);
          if (res.status >= 400 && res.type.includes('json')) {
            const detail = (JSON.parse(res.text) as { detail?: unknown }).detail;
            if (typeof detail !== 'string' && !Array.isArray(detail))
              failures.push(`${res.status} without detail: ${where}`);
          }
        }
        return all4xx;
      };
      if (!writes) {
        // Reads: the roles call at once.
        await Promise.all(plans.map(run));
        continue;
      }
      // Writes, checked per role: a role whose every call was refused left the state as it found it
      // (another role's success does not hide it). The roles the route does not admit (refused
      // before the handler runs) call together and are checked together; each admitted role calls
      // on its own, one after the other.
      const admitted = plans.filter((p) => ADMITTED[route.access].includes(p.actor.label));
      const others = plans.filter((p) => !admitted.includes(p));
      let before = await read();
      if (others.length > 0) {
        const refused = (await Promise.all(others.map(run))).every(Boolean);
        const after = await read();
        if (refused && after !== before)
          failures.push(`state changed on a 4xx: ${others.map((p) => p.actor.label).join(', ')} ${key}`);
        before = after;
      }
      for (const plan of admitted) {
        const refused = await run(plan);
        const after = await read();
        if (refused && after !== before) failures.push(`state changed on a 4xx: ${plan.actor.label} ${key}`);
        before = after;
      }
    }
    console.info(`route fuzz: ${calls} calls, ${fingerprints} state reads, seed ${SEED}, ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
  });
});
