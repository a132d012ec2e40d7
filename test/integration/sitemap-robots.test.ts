/**
 * sitemap.xml and robots.txt at the site root, served by the local server as CloudFront serves
 * them in the cloud (the marketplace Lambda): every listed app and active category in the sitemap,
 * nothing unlisted; the developer and admin areas kept out of crawlers' way.
 */

import type { AppCard } from '@shared/schemas/apps';
import { describe, expect, it } from 'vitest';
import { SEED_CATEGORIES } from '../../bin/seed/catalogue';
import { DEMO_APPS } from '../../bin/seed/demo-apps';
import { api, apiUrl } from '../support/api';
import { must } from '../support/must';

const listed = DEMO_APPS.filter((d) => (d.type ?? 'public') === 'public' && d.is_approved !== false);
const unlisted = DEMO_APPS.filter((d) => !listed.includes(d));

describe('GET /sitemap.xml', () => {
  it('lists the storefront, every listed app and every active category, with absolute URLs', async () => {
    const res = await fetch(`${apiUrl()}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=0, s-maxage=\d+/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => must(m[1]));
    const origin = apiUrl();
    expect(locs).toEqual(
      expect.arrayContaining([`${origin}/`, `${origin}/marketplace`, `${origin}/marketplace/categories`]),
    );
    for (const c of SEED_CATEGORIES) expect(locs).toContain(`${origin}/marketplace/category/${c.slug}`);
    const apps = (await api<AppCard[]>('GET', '/api/marketplace/apps')).body;
    expect(apps.length).toBeGreaterThan(0);
    for (const a of apps) expect(locs).toContain(`${origin}/marketplace/app/${encodeURIComponent(a.slug)}`);
    for (const d of listed) expect(locs).toContain(`${origin}/marketplace/app/${d.slug}`);
    for (const d of unlisted) expect(locs).not.toContain(`${origin}/marketplace/app/${d.slug}`);
    // By path, not by substring: an app's slug may well contain "admin".
    expect(locs.filter((l) => /^\/(dashboard|admin)(\/|$)/.test(new URL(l).pathname))).toEqual([]);
  });
});

describe('GET /robots.txt', () => {
  it('opens the storefront, keeps the developer and admin areas out and names the sitemap', async () => {
    const res = await fetch(`${apiUrl()}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const p of ['/dashboard', '/admin', '/api/', '/v1/', '/login']) expect(text).toContain(`Disallow: ${p}\n`);
    expect(text).not.toMatch(/^Disallow: \/marketplace$/m);
    expect(text).toContain(`Sitemap: ${apiUrl()}/sitemap.xml`);
  });
});
