/**
 * `npm run bench:scale`: every public route, the storefront pages, the admin lists and the sync
 * status measured at demo scale, then again after seed:scale (bin/seed-scale.ts) on the same
 * machine in one run. Starts its own stack (in-memory DynamoDB Local, local S3 and SES in a scratch
 * folder, free ports), seeds the demo, serves the API and the storefront, and for each route makes
 * BENCH_SCALE_REQUESTS sequential requests (default 100, after 2 unmeasured ones, which also let
 * the process build and load the listing of the current catalogue). Prints per route bytes and
 * p50/p95 at both scales and the p95 ratio, and flags a route over 1 MB (an HTML page over 300 KB)
 * or with a ratio above 2. Flags after `--` go to seed:scale (`--apps 2000`).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createLocalServer, listen } from './local-server';
import { parseCounts } from './seed-scale';
import { withBenchStack } from './support/bench-stack';
import { runSeedScale } from './support/seed-scale-process';

const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 100);
const WARMUP = 2;
const MB = 1_000_000;
const HTML_MAX = 300_000;

interface Route {
  label: string;
  path: string;
  admin?: boolean;
}

/**
 * A route measured under its label: "GET <path>" or "page <path>", or with `shown` in place of
 * the path where the path names one category or app ("{slug}"); or signed in as the admin.
 */
const api = (path: string, shown = path): Route => ({ label: `GET ${shown}`, path });
const page = (path: string, shown = path): Route => ({ label: `page ${shown}`, path });
const adminApi = (path: string): Route => ({ ...api(path), admin: true });

const ROUTES: Route[] = [
  api('/api/marketplace/apps', '/api/marketplace/apps (unpaged, capped)'),
  api('/api/marketplace/apps?limit=24'),
  // A search most apps match at both scales (18 of the 29 demo apps), so the two figures compare
  // pages of about the same size rather than 1 card with 24.
  api('/api/marketplace/apps?q=patient&limit=24'),
  api('/api/marketplace/apps?sort=rating&limit=24'),
  api('/api/categories'),
  api('/api/marketplace/apps/category/clinical-tools', '/api/marketplace/apps/category/{slug}'),
  api('/api/marketplace/apps/by-slug/{app}', '/api/marketplace/apps/by-slug/{slug}'),
  api('/sitemap.xml'),
  page('/'),
  page('/?q=billing'),
  page('/marketplace/categories'),
  page('/marketplace/category/clinical-tools', '/marketplace/category/{slug}'),
  page('/marketplace/app/{app}', '/marketplace/app/{slug}'),
  adminApi('/api/admin/apps?page=1'),
  adminApi('/api/admin/users'),
  adminApi('/api/admin/sync/status'),
  adminApi('/api/internal-sync/status'),
];

interface Figures {
  status: number;
  bytes: number;
  p50: number;
  p95: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

async function measure(base: string, route: Route, app: string, token: string): Promise<Figures> {
  const url = base + route.path.replace('{app}', app);
  // identity: the local server compresses as CloudFront would; in the cloud the function answers
  // uncompressed and CloudFront compresses, so the figures are the function's work, not gzip's.
  const headers: Record<string, string> = {
    'accept-encoding': 'identity',
    ...(route.admin ? { authorization: `Bearer ${token}` } : {}),
  };
  const times: number[] = [];
  let bytes = 0;
  let status = 0;
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - started;
    status = res.status;
    bytes = body.length;
    if (i >= WARMUP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { status, bytes, p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

async function measureAll(base: string, app: string, token: string) {
  const out = new Map<string, Figures>();
  for (const route of ROUTES) out.set(route.label, await measure(base, route, app, token));
  return out;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(1)}`;

async function main() {
  parseCounts(process.argv.slice(2)); // refuses unknown flags before the stack starts
  return withBenchStack('bench-scale', 30 * 60_000, async (servers) => {
    const adminEmail = 'admin@bench.local';
    const adminPassword = randomBytes(12).toString('hex');
    const { seed } = await import('./seed');
    await seed({ adminEmail, adminPassword, demo: true });
    const server = createLocalServer(resolve('frontend/dist'));
    servers.push(server);
    const base = `http://127.0.0.1:${await listen(server, 0, '127.0.0.1')}`;
    const login = await fetch(`${base}/api/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const first = (await (await fetch(`${base}/api/marketplace/apps?limit=1`)).json()) as {
      items: Array<{ slug: string }>;
    };
    const app = first.items[0]?.slug ?? '';

    console.log(`Measuring at demo scale (${REQUESTS} requests per route)...`);
    const demo = await measureAll(base, app, token);
    console.log('Seeding at scale...');
    const started = Date.now();
    await runSeedScale(process.argv.slice(2));
    console.log(`seed:scale took ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
    // The new catalogue's listing is built once, on the first read after the version moved: wait
    // for it (as a visitor after CloudFront's warm-up would), so no route's figures carry the build.
    const counts = parseCounts(process.argv.slice(2));
    const built = Date.now();
    for (;;) {
      const res = await fetch(`${base}/api/marketplace/apps?limit=1`);
      const body = (await res.json().catch(() => ({}))) as { total?: number };
      if (res.ok && (body.total ?? 0) >= counts.apps) break;
      if (Date.now() - built > 5 * 60_000)
        throw new Error('the listing of the seeded catalogue was not built in 5 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    console.log(
      `The seeded catalogue's listing was ready ${((Date.now() - built) / 1000).toFixed(1)} s after the seed`,
    );
    console.log(`Measuring at scale (${REQUESTS} requests per route)...`);
    const scale = await measureAll(base, app, token);

    const rows = ROUTES.map((r) => {
      const a = demo.get(r.label) as Figures;
      const b = scale.get(r.label) as Figures;
      const ratio = b.p95 / Math.max(a.p95, 0.001);
      const limit = r.label.startsWith('page ') ? HTML_MAX : MB;
      const flags = [
        b.status !== 200 ? `status ${b.status}` : '',
        b.bytes > limit ? 'OVER SIZE' : '',
        ratio > 2 ? 'RATIO > 2' : '',
      ].filter(Boolean);
      return [
        r.label,
        kb(a.bytes),
        ms(a.p50),
        ms(a.p95),
        kb(b.bytes),
        ms(b.p50),
        ms(b.p95),
        ratio.toFixed(2),
        flags.join(', ') || 'ok',
      ];
    });
    const head = ['route', 'demo bytes', 'p50 ms', 'p95 ms', 'scale bytes', 'p50 ms', 'p95 ms', 'p95 ratio', ''];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
    console.log(`\n${line(head)}`);
    for (const r of rows) console.log(line(r as string[]));
    const failing = rows.filter((r) => r[8] !== 'ok');
    console.log(failing.length ? `\n${failing.length} route(s) outside the goal.` : '\nEvery route within the goal.');
  });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
