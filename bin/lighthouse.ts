/**
 * `npm run lighthouse`: Lighthouse (mobile, its default simulated throttling) on the storefront
 * pages against a locally started stack, with Debian's Chromium (/usr/bin/chromium, or CHROME_PATH).
 *
 * Starts its own stack like bin/bench.ts (in-memory DynamoDB Local, local S3 and SES in a scratch
 * folder) with the demo data, serves the built SPA (run `npm run build:web` first) and audits
 * `/`, the first listed app's category page and that app's page `/marketplace/app/{slug}` (LIGHTHOUSE_PAGES,
 * comma-separated paths, replaces them). Prints performance, accessibility, best practices and
 * SEO scores and FCP, LCP, TBT and CLS per page; the full JSON reports go to LIGHTHOUSE_OUT when
 * set. Scores depend on the machine's load: compare runs made side by side. To compare two builds,
 * point LIGHTHOUSE_DIST and STOREFRONT_DIST_DIR at the other one (default frontend/dist).
 * LIGHTHOUSE_SCALE=1 (or seed:scale's flags, e.g. "--apps 10000 --purchases 0") first fills the
 * stack with seed:scale (bin/seed-scale.ts, as a process of its own), so the pages are audited with
 * a year of a large marketplace loaded; the audited app is then one of the seeded ones.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createLocalServer, listen } from './local-server';
import { startLocalStack } from './local-stack';
import { runScript } from './support/run-script';
import { runSeedScale } from './support/seed-scale-process';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  cpu: string;
}

const score = (s: number | null | undefined) => Math.round((s ?? 0) * 100);

async function main() {
  const watchdog = setTimeout(
    () => {
      console.error('lighthouse: took too long, giving up');
      process.exit(2);
    },
    (process.env.LIGHTHOUSE_SCALE ? 40 : 15) * 60 * 1000,
  );
  watchdog.unref();
  const dist = resolve(process.env.LIGHTHOUSE_DIST ?? 'frontend/dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('Build the web app first: npm run build:web');

  const scratchDir = mkdtempSync(join(tmpdir(), 'dental-lighthouse-'));
  console.log('Starting DynamoDB Local (in memory), local S3 and SES with the demo data...');
  const stack = await startLocalStack({ scratchDir, tableName: 'dental-lh', bucketName: 'dental-lh-uploads' });
  let server: Server | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    Object.assign(process.env, stack.env, {
      RUNTIME: 'local',
      JWT_SECRET: randomBytes(32).toString('hex'),
      // The local configuration requires it (as bench.ts sets it); nothing here is paid.
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
      LOG_LEVEL: 'silent',
    });
    server = createLocalServer(dist);
    const port = await listen(server, 0, '127.0.0.1');
    const origin = `http://127.0.0.1:${port}`;
    process.env.APP_URL = origin;
    const { resetConfigForTests } = await import('../functions/config');
    resetConfigForTests();
    const { seed } = await import('./seed');
    await seed({ adminEmail: 'admin@lighthouse.local', adminPassword: randomBytes(12).toString('hex'), demo: true });

    const scale = process.env.LIGHTHOUSE_SCALE;
    if (scale) {
      console.log('Filling the stack with seed:scale...');
      const flags = scale === '1' ? [] : scale.split(/\s+/).filter(Boolean);
      await runSeedScale(flags);
    }

    // The catalogue's listing is built on the first read after the version moved (seed:scale moves
    // it): wait for the list, as a visitor after CloudFront's warm-up would find it.
    type Card = { slug: string; category_slug: string | null };
    let apps: Card[] = [];
    for (const started = Date.now(); ; ) {
      const res = await fetch(`${origin}/api/marketplace/apps`);
      const body: unknown = await res.json().catch(() => null);
      if (res.ok && Array.isArray(body) && body.length > 0) {
        apps = body as Card[];
        break;
      }
      if (Date.now() - started > 5 * 60_000) throw new Error(`the marketplace list did not answer: ${res.status}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const first = apps.find((a) => a.category_slug);
    if (!first) throw new Error('no listed app to audit');
    const pages = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim()) ?? [
      '/',
      `/marketplace/category/${first.category_slug}`,
      `/marketplace/app/${first.slug}`,
    ];

    chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const rows: Row[] = [];
    const out = process.env.LIGHTHOUSE_OUT;
    if (out) mkdirSync(out, { recursive: true });
    for (const page of pages) {
      // A visitor meets a warm server (CloudFront's cache, the renderer's per-version page cache):
      // render each page once before measuring it, so the figure is not the process's first render.
      await fetch(`${origin}${page}`).then((r) => r.arrayBuffer());
      process.stdout.write(`Auditing ${page}... `);
      const result = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.displayValue ?? '-';
      rows.push({
        page,
        performance: score(lhr.categories.performance?.score),
        accessibility: score(lhr.categories.accessibility?.score),
        bestPractices: score(lhr.categories['best-practices']?.score),
        seo: score(lhr.categories.seo?.score),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        cpu: String(Math.round(lhr.environment.benchmarkIndex)),
      });
      if (out) {
        writeFileSync(join(out, `${page.replace(/[^a-z0-9]+/gi, '_') || 'home'}.json`), String(result.report));
      }
      console.log('done');
    }

    // CPU: Lighthouse's benchmarkIndex of this machine during the run (its docs' table: 1,500-2,000 a
    // high-end desktop, which its 4x CPU slowdown takes to a mid-tier phone); a low figure means a
    // loaded or slow machine, whose TBT is not the phone's.
    const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'CPU'];
    const cells = rows.map((r) => [
      r.page,
      String(r.performance),
      String(r.accessibility),
      String(r.bestPractices),
      String(r.seo),
      r.fcp,
      r.lcp,
      r.tbt,
      r.cls,
      r.cpu,
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
    const line = (c: string[]) =>
      c.map((x, i) => (i === 0 ? x.padEnd(widths[i] ?? 0) : x.padStart(widths[i] ?? 0))).join(' | ');
    const version = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
    console.log(`\nLighthouse ${version}, mobile, simulated throttling, ${CHROME}\n`);
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
    for (const c of cells) console.log(line(c));
  } finally {
    await chrome?.kill();
    if (server) {
      server.closeAllConnections();
      await new Promise((r) => server?.close(r));
    }
    await stack.stop();
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

runScript(main);
