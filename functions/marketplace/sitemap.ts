import { escapeHtml } from '@shared/escape-html';
import type { AppCard } from '@shared/schemas/apps';
import type { Category } from '@shared/schemas/categories';
import { storefrontPaths } from '@shared/site-paths';
import { NotFoundError } from '../core/errors';
import { prepared } from '../http/answer-cache';
import type { RouteHandler } from '../http/types';
import { answerCache } from '../wiring/answer-cache';
import { marketplace } from '../wiring/catalogue';
import { siteOrigin } from '../wiring/site';

/** URLs per sitemap file: ~400 KB each, far below the protocol's 50,000 URLs and 50 MB. */
export const SITEMAP_URLS_PER_FILE = 5_000;

const urlset = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs
    .map((loc) => `  <url><loc>${escapeHtml(loc)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;

/**
 * sitemaps.org XML of the storefront: home, marketplace, categories, every listed app and category.
 * Up to SITEMAP_URLS_PER_FILE URLs it is one urlset; past it /sitemap.xml is a sitemap index of
 * /sitemap.xml?page=1..n, each a urlset of at most that many URLs (`page` absent: the index).
 */
export function sitemapXml(origin: string, apps: readonly AppCard[], categories: Category[], page?: number): string {
  const locs = [
    storefrontPaths.home,
    storefrontPaths.marketplace,
    storefrontPaths.categories,
    ...categories.map((c) => storefrontPaths.category(c.slug)),
    ...apps.map((a) => storefrontPaths.app(a.slug || a.id)),
  ].map((path) => origin + path);
  const pages = Math.max(1, Math.ceil(locs.length / SITEMAP_URLS_PER_FILE));
  if (page === undefined) {
    if (pages === 1) return urlset(locs);
    const files = Array.from({ length: pages }, (_, i) => `${origin}/sitemap.xml?page=${i + 1}`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
      .map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
  }
  if (!Number.isInteger(page) || page < 1 || page > pages) throw new NotFoundError('No such sitemap page');
  return urlset(locs.slice((page - 1) * SITEMAP_URLS_PER_FILE, page * SITEMAP_URLS_PER_FILE));
}

const XML_ANSWER = { contentType: 'application/xml; charset=utf-8', serialise: (v: unknown) => v as string };

/** GET /sitemap.xml[?page=n]: from the marketplace listing, cached like the marketplace answers. */
export const sitemap: RouteHandler = async (req) => {
  const raw = req.query.page;
  const page = raw === undefined ? undefined : /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isNaN(page)) throw new NotFoundError('No such sitemap page');
  return answerCache.answer(
    `sitemap:${page ?? 'index'}`,
    async () => {
      const [{ cards, fresh }, categories] = await Promise.all([marketplace.allListed(), marketplace.listCategories()]);
      return prepared(sitemapXml(siteOrigin(), cards, categories, page), { keep: fresh });
    },
    XML_ANSWER,
  );
};
