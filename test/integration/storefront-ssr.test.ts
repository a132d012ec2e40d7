/**
 * The storefront pages arrive rendered: what a crawler or a link preview sees without running any
 * JavaScript. The local server serves them from the storefront route group as CloudFront does in
 * the cloud. Needs the web build (frontend/dist), which `npm test` makes first.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MARKETPLACE_PAGE_SIZE } from '@shared/constants';
import type { AppCard } from '@shared/schemas/apps';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_CATEGORIES } from '../../bin/seed/catalogue';
import { DEMO_APPS } from '../../bin/seed/demo-apps';
import { existingPath, REPO_ROOT } from '../../lib/app-config';
import { buildSdkLayerSync, linkLayerModules } from '../../lib/aws-sdk-layer';
import { functionBundling, lambdaEsbuildOptions } from '../../lib/bundling';
import { api, apiUrl } from '../support/api';
import { must } from '../support/must';

const SITE = 'Dental Developer Ecosystem';
const demo = must(
  DEMO_APPS.find((d) => d.slug === 'chartsmile-patient-hub'),
  'the chartsmile-patient-hub demo app',
);
async function page(path: string) {
  const res = await fetch(`${apiUrl()}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** The markup inside #root, without the comments React puts between adjacent texts. */
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="ssr-data"')).replace(/<!-- -->/g, '');
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  html.match(new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`))?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(must(m[1])));
const text = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe('GET /marketplace/app/{slug} (server-rendered)', () => {
  it("carries the app's name, tagline, price, description and its own head, without JavaScript", async () => {
    const { status, headers, html } = await page(`/marketplace/app/${demo.slug}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+$/);

    const root = text(rootOf(html));
    expect(root).toMatch(new RegExp(`<h1[^>]*>${demo.name}</h1>`));
    expect(root).toContain(demo.tagline);
    expect(root).toContain('$149.00');
    expect(root).toContain('location');
    expect(root).toContain(must(demo.long_description).split('\n')[0]);
    expect(root).toContain('Key Features');

    const url = `${apiUrl()}/marketplace/app/${demo.slug}`;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${demo.name} · ${SITE}</title>`);
    expect(text(must(meta(html, 'name', 'description'), 'the description meta'))).toContain(demo.tagline);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(meta(html, 'property', 'og:title')).toBe(`${demo.name} · ${SITE}`);
    expect(meta(html, 'property', 'og:url')).toBe(url);
    expect(text(must(meta(html, 'property', 'og:description'), 'the og:description meta'))).toContain(demo.tagline);
    expect(meta(html, 'property', 'og:type')).toBe('website');

    // The rating shown is the app's real one (its visible verified reviews), as the API answers it.
    const answer = await api('GET', `/api/marketplace/apps/by-slug/${demo.slug}`);
    const rating = (answer.body as { average_rating: number }).average_rating;
    expect(rating).toBeGreaterThan(0);
    const [ld] = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: demo.name,
      url,
      offers: { '@type': 'Offer', price: '149.00', priceCurrency: 'USD' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: Math.round(rating * 10) / 10 },
    });

    // The Chakra UI styles the markup uses are in the head, for the client's emotion cache to adopt.
    expect(html).toMatch(/<style data-emotion="css [^"]+">/);
    expect(rootOf(html)).not.toContain('<style');
    // The data the page was rendered with, under the key the SPA requests it by.
    const data = JSON.parse(
      must(html.match(/<script id="ssr-data" type="application\/json">([^<]*)<\/script>/)?.[1], 'the SSR data'),
    );
    const apiAnswer = await api('GET', `/api/marketplace/apps/by-slug/${demo.slug}`);
    expect(data.fallback[`/api/marketplace/apps/by-slug/${demo.slug}`]).toEqual(apiAnswer.body);
    // The route's own chunk is announced, so it loads beside the entry.
    expect(html).toMatch(
      /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/app-detail-[^"]+\.js" \/>/,
    );
    // Few files on a phone's critical path: the entry, the bundler's runtime, the storefront chunk,
    // the screen's chunk and the chunk the storefront's other screens share (not a dozen small ones).
    const scripts = html.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(5);
    // The page is on screen without them: each loads at low priority, after the page's images
    // (the entry script and the build's own preloads included, so a change in index.html shows here).
    expect(scripts.some((s) => s.startsWith('<script type="module"'))).toBe(true);
    for (const script of scripts) expect(script).toContain(' fetchpriority="low" ');
  });

  it('answers an unknown app with 404, the not-found title and noindex', async () => {
    const { status, html } = await page('/marketplace/app/no-such-app-here');
    expect(status).toBe(404);
    expect(html).toContain(`<title>App not found · ${SITE}</title>`);
    expect(meta(html, 'name', 'robots')).toBe('noindex');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe('the other storefront pages (server-rendered)', () => {
  it('/ lists the featured apps and the first page of all apps, with the count of all and Load more', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    const root = text(rootOf(html));
    expect(root).toContain('Featured Apps');
    const listed = await api<AppCard[]>('GET', '/api/marketplace/apps');
    const apps = listed.body; // the first ones (an unpaged answer is capped); the count is all of them
    const total = Number(listed.headers.get('x-total-count') ?? apps.length);
    for (const a of apps.slice(0, MARKETPLACE_PAGE_SIZE)) expect(root).toContain(a.name);
    for (const a of apps.slice(MARKETPLACE_PAGE_SIZE)) expect(root).not.toContain(`>${a.name}<`);
    expect(root).toMatch(new RegExp(`${total} apps`));
    if (total > MARKETPLACE_PAGE_SIZE) expect(root).toContain('Load more');
    for (const c of SEED_CATEGORIES) expect(root).toContain(`>${c.name}</option>`);
    expect(html).toContain(`<link rel="canonical" href="${apiUrl()}/" />`);
    expect(jsonLd(html)[0]['@type']).toBe('WebSite');
  });

  it('/marketplace/categories lists every active category', async () => {
    const { status, html } = await page('/marketplace/categories');
    expect(status).toBe(200);
    const root = text(rootOf(html));
    for (const c of SEED_CATEGORIES) expect(root).toContain(c.name);
    expect(html).toContain(`<title>Categories · ${SITE}</title>`);
  });

  it("/marketplace/category/{slug} shows the category's apps and title", async () => {
    const { status, html } = await page(`/marketplace/category/${demo.category_slug}`);
    expect(status).toBe(200);
    const category = must(
      SEED_CATEGORIES.find((c) => c.slug === demo.category_slug),
      'the demo app category',
    );
    const root = text(rootOf(html));
    expect(root).toMatch(new RegExp(`<h1[^>]*>${category.name}</h1>`));
    expect(root).toContain(demo.name);
    expect(html).toContain(`<title>${category.name} · ${SITE}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${apiUrl()}/marketplace/category/${category.slug}" />`);

    const missing = await page('/marketplace/category/no-such-category');
    expect(missing.status).toBe(404);
    expect(meta(missing.html, 'name', 'robots')).toBe('noindex');
  });

  it('/marketplace/category/{slug}?works_with= renders only the apps that work with that practice system', async () => {
    const answer = (await api('GET', `/api/marketplace/apps/category/${demo.category_slug}`)).body as {
      apps: Array<{ name: string; practice_systems: string[] }>;
    };
    const system = answer.apps
      .flatMap((a) => a.practice_systems)
      .find((s) => answer.apps.some((a) => !a.practice_systems.includes(s)));
    expect(system, 'the seed gives this category apps with different practice systems').toBeTruthy();
    const { status, html } = await page(`/marketplace/category/${demo.category_slug}?works_with=${system}`);
    expect(status).toBe(200);
    const root = text(rootOf(html));
    const [matching, others] = [
      answer.apps.filter((a) => a.practice_systems.includes(must(system))),
      answer.apps.filter((a) => !a.practice_systems.includes(must(system))),
    ];
    for (const a of matching) expect(root).toContain(a.name);
    for (const a of others) expect(root).not.toContain(`>${a.name}<`);
    expect(root).toContain(`Showing ${matching.length} of ${answer.apps.length} apps`);
    expect(root).toMatch(new RegExp(`<option (selected="" value="${system}"|value="${system}" selected="")`));
  });

  it('leaves the developer and admin areas a plain SPA', async () => {
    for (const path of ['/dashboard', '/admin', '/login']) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('id="ssr-data"');
      // Blank until its scripts run: they keep their default (high) priority.
      expect(html).toMatch(/<script type="module" crossorigin src=/);
      expect(html).not.toContain('fetchpriority');
    }
  });
});

describe('the storefront Lambda as deployed (lib/bundling.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-bundle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('renders each page exactly as the local server does: same markup, styles and data', async () => {
    // Built as the CDK builds it (the server's react-router, browser-only modules left out), its
    // AWS SDK from the SDK layer built as the CDK builds it (lib/aws-sdk-layer.ts).
    mkdirSync(dir, { recursive: true });
    buildSdkLayerSync(REPO_ROOT, join(dir, 'layer'));
    linkLayerModules(REPO_ROOT, join(dir, 'layer'), join(dir, 'node_modules'));
    const file = join(dir, 'index.mjs');
    const own = functionBundling('storefront', existingPath('frontend/dist'));
    await build({ ...lambdaEsbuildOptions(REPO_ROOT, 'functions/storefront/index.ts', file, own), logLevel: 'error' });
    const { handler } = (await import(pathToFileURL(file).href)) as {
      handler: (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;
    };
    const body = (html: string) => html.slice(html.indexOf('<style data-emotion'));
    const pages = [
      ['GET /', '/', {}],
      ['GET /marketplace/categories', '/marketplace/categories', {}],
      ['GET /marketplace/category/{slug}', `/marketplace/category/${demo.category_slug}`, { slug: demo.category_slug }],
      ['GET /marketplace/app/{slug}', `/marketplace/app/${demo.slug}`, { slug: demo.slug }],
    ] as const;
    for (const [routeKey, path, pathParameters] of pages) {
      const event = {
        version: '2.0',
        routeKey,
        rawPath: path,
        rawQueryString: '',
        headers: { accept: 'text/html' },
        pathParameters,
        isBase64Encoded: false,
        requestContext: { http: { method: 'GET', path, sourceIp: '127.0.0.1' } },
      } as unknown as APIGatewayProxyEventV2;
      const lambda = await handler(event);
      const local = await page(path);
      expect(lambda.statusCode, path).toBe(200);
      const html = String(lambda.body);
      expect(html, path).toContain('<div id="root"><');
      expect(body(html), path).toBe(body(local.html));
    }
  }, 120_000);
});
