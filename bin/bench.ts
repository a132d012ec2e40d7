/**
 * `npm run bench`: load test of the public marketplace reads on the local runtime.
 *
 * Starts its own stack (in-memory DynamoDB Local, local S3 and SES in a scratch folder), seeds the
 * categories, inserts 1,000 approved apps through the repository, starts the local HTTP server
 * and loads four routes with autocannon (BENCH_CONNECTIONS, default 16, BENCH_SECONDS each,
 * default 10). For each route a bare node:http server on loopback answers the same bytes with the
 * same headers, loaded right after ours in the same run (each after a 2 s warm-up load), as the
 * ceiling of what Node can serve on this machine. Prints
 * req/s, p50 and p99 latency and our rate as a multiple of the bare server's. Then it counts the
 * DynamoDB requests one Partner API `POST /v1/licenses/validate` makes on the warm server (a
 * middleware on the process's DynamoDB client), stops everything and exits (a watchdog makes
 * sure it does).
 */
import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { AppRecord } from '../functions/core/apps/app';
import { cycle } from './cycle';
import { createLocalServer, listen } from './local-server';
import { SEED_CATEGORIES } from './seed/catalogue';
import { type AutocannonResult, autocannon, closeServer, withBenchStack } from './support/bench-stack';
import { runScript } from './support/run-script';

const APP_COUNT = 1000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;

/** Deterministic pseudo-random numbers, so every run loads the same catalogue. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PREFIXES = [
  'Smile',
  'Dent',
  'Molar',
  'Bright',
  'Clear',
  'Perio',
  'Ortho',
  'Enamel',
  'Canine',
  'Crown',
  'Floss',
  'Pulp',
];
const SUFFIXES = ['Flow', 'Hub', 'Pro', 'Link', 'Desk', 'Track', 'Cloud', 'Suite', 'Pilot', 'Sync', 'View', 'Works'];
const NOUNS = [
  'Scheduler',
  'Billing',
  'Charting',
  'Recall',
  'Imaging',
  'Analytics',
  'Forms',
  'Payments',
  'Inventory',
  'Reviews',
];
const MODELS = ['free', 'freemium', 'one_time', 'subscription', 'usage_based'] as const;

function benchApps(): AppRecord[] {
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const now = new Date().toISOString();
  return Array.from({ length: APP_COUNT }, (_, i) => {
    const category = cycle(SEED_CATEGORIES, i);
    const name = `${pick(PREFIXES)}${pick(SUFFIXES)} ${pick(NOUNS)} ${i + 1}`;
    const model = pick(MODELS);
    const slug = `bench-${i + 1}`;
    return {
      id: `bench-app-${i + 1}`,
      slug,
      name,
      type: 'public',
      user_id: `bench-dev-${i % 40}`,
      description: `${name} helps dental practices with ${category.name.toLowerCase()}.`,
      short_description: `A ${category.name.toLowerCase()} app for busy dental teams: fast to set up, HIPAA-ready and integrated with the common practice systems.`,
      long_description: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(12),
      tagline: `Better ${category.name.toLowerCase()} for your practice`,
      category: category.name,
      category_slug: category.slug,
      tags: ['dental', category.slug, pick(NOUNS).toLowerCase()],
      website_url: `https://${slug}.example.com`,
      icon_url: `/demo-icons/chartsmile-patient-hub.svg`,
      screenshots: [],
      key_features: ['Feature one', 'Feature two', 'Feature three'],
      use_cases: ['Use case one', 'Use case two'],
      integrations: ['Open Dental', 'Dentrix'],
      pricing_model: model,
      price_cents: model === 'free' ? 0 : Math.round(rand() * 500) * 100 + 900,
      price_period: model === 'subscription' ? 'monthly' : undefined,
      free_trial_days: rand() < 0.4 ? 14 : undefined,
      refund_policy: '30-day money-back guarantee.',
      company_name: `${pick(PREFIXES)} Software`,
      unique_selling_points: [],
      customer_testimonials: [],
      licensing_type: 'key_pool',
      average_rating: Math.round((3.5 + rand() * 1.5) * 10) / 10,
      installations: Math.floor(rand() * 5000),
      is_approved: true,
      is_suspended: false,
      created_at: now,
      updated_at: now,
      version: 0,
    } satisfies AppRecord;
  });
}

/** Headers Node's server adds itself (on both servers alike), or that the bare server sets from the body. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** A bare node:http server answering every request with these bytes and the headers our server sent with them. */
async function bareServer(body: Buffer, headers: Headers): Promise<{ server: Server; url: string }> {
  const sent: Record<string, string | number> = {};
  headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) sent[name] = value;
  });
  sent['content-length'] = body.length;
  const server = createServer((_req, res) => {
    res.writeHead(200, sent);
    res.end(body);
  });
  const port = await listen(server, 0, '127.0.0.1');
  return { server, url: `http://127.0.0.1:${port}` };
}

const figures = (r: AutocannonResult) => [r.requests.average.toFixed(0), String(r.latency.p50), String(r.latency.p99)];

async function load(url: string, duration = SECONDS): Promise<AutocannonResult> {
  return autocannon({ url, connections: CONNECTIONS, duration, timeout: 30 });
}

/**
 * DynamoDB requests per licence validation on the warm server (same process: a middleware on its
 * DynamoDB client counts every request sent). One warm-up call, then 20 counted calls.
 */
async function partnerRequestsPerValidate(base: string): Promise<{ average: number; commands: string }> {
  const { documentClient } = await import('../functions/adapters/aws-clients');
  const { apiKeys } = await import('../functions/wiring/api-keys');
  const db = documentClient();
  const { createApprovedDeveloper, writeLicensedPurchase } = await import('./support/licensed-purchase');
  const devId = await createApprovedDeveloper();
  const { appId, licenseKey } = await writeLicensedPurchase(devId, { appName: 'Bench App', buyer: 'bench-buyer' });
  const key = await apiKeys.create(devId, 'production');

  const sent: string[] = [];
  db.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(String(context.commandName));
      return next(args);
    },
    { step: 'deserialize', name: 'benchCountRequests' },
  );
  const call = async () => {
    const res = await fetch(`${base}/v1/licenses/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key.key },
      body: JSON.stringify({ license_key: licenseKey, app_id: appId }),
    });
    const answer = (await res.json()) as { valid?: boolean };
    if (res.status !== 200 || answer.valid !== true) throw new Error(`validate answered ${res.status}`);
  };
  await call(); // warm-up: the process learns the key's id, the app's owner and the licence's purchase
  sent.length = 0;
  const CALLS = 20;
  for (let i = 0; i < CALLS; i++) await call();
  const counts = new Map<string, number>();
  for (const c of sent) counts.set(c, (counts.get(c) ?? 0) + 1);
  const commands = [...counts].map(([c, n]) => `${c} ×${(n / CALLS).toFixed(2)}`).join(', ');
  return { average: sent.length / CALLS, commands };
}

async function main() {
  return withBenchStack('bench', (SECONDS * 10 + 900) * 1000, async (servers) => {
    const { seedCatalogue } = await import('./seed/catalogue');
    const { DynamoAppsRepository } = await import('../functions/adapters/dynamodb/apps-repo');
    await seedCatalogue({ demo: false });
    const repo = new DynamoAppsRepository();
    const apps = benchApps();
    const started = Date.now();
    for (let i = 0; i < apps.length; i += 25) await Promise.all(apps.slice(i, i + 25).map((a) => repo.create(a)));
    console.log(`Inserted ${apps.length} approved apps in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const server = createLocalServer(resolve('frontend/dist'));
    servers.push(server);
    const base = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;

    const routes = [
      { label: 'GET /api/marketplace/apps (1,000 apps)', path: '/api/marketplace/apps' },
      { label: 'GET /api/categories', path: '/api/categories' },
      {
        label: 'GET /api/marketplace/apps/category/clinical-tools',
        path: '/api/marketplace/apps/category/clinical-tools',
      },
      { label: 'GET /api/marketplace/apps/by-slug/bench-500', path: '/api/marketplace/apps/by-slug/bench-500' },
    ];
    const rows: string[][] = [];
    const loadAtStart = loadavg();
    for (const route of routes) {
      // As autocannon asks: no compression (fetch would ask for gzip and hand back the inflated bytes).
      const probe = await fetch(base + route.path, { headers: { 'accept-encoding': 'identity' } });
      const bytes = Buffer.from(await probe.arrayBuffer());
      if (probe.status !== 200) throw new Error(`${route.path} answered ${probe.status}: ${bytes.toString()}`);
      if (probe.headers.has('content-encoding')) throw new Error(`${route.path} came compressed to the probe`);
      process.stdout.write(`Loading ${route.label} (${(bytes.length / 1024).toFixed(1)} KiB)... `);
      const bare = await bareServer(bytes, probe.headers);
      servers.push(bare.server);
      // Both servers (and autocannon) run warm: a short load of each first, so that neither
      // measurement includes compiling its code path.
      await load(base + route.path, WARMUP_SECONDS);
      await load(bare.url, WARMUP_SECONDS);
      const ours = await load(base + route.path);
      const ceiling = await load(bare.url);
      await closeServer(bare.server);
      console.log('done');
      const failures = ours.errors + ours.timeouts + ours.non2xx;
      const ratio = `${(ours.requests.average / ceiling.requests.average).toFixed(2)}×`;
      rows.push([
        route.label,
        (bytes.length / 1024).toFixed(1),
        ...figures(ours),
        ...figures(ceiling),
        ratio,
        String(failures),
      ]);
    }

    const header = [
      'route',
      'KiB',
      'req/s',
      'p50 ms',
      'p99 ms',
      'bare req/s',
      'bare p50',
      'bare p99',
      'vs bare',
      'errors',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ');
    const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s per run; load average ${loads(loadAtStart)} at the start, ${loads(loadavg())} at the end\n`,
    );
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
    for (const row of rows) console.log(line(row));

    const perCall = await partnerRequestsPerValidate(base);
    console.log(
      `\nPOST /v1/licenses/validate on a warm process: ${perCall.average.toFixed(2)} DynamoDB requests per call (${perCall.commands})`,
    );
  });
}

runScript(main);
