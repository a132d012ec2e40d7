import { type AppCard, MarketplaceQuerySchema } from '../../shared/schemas/apps';
import type { Category } from '../../shared/schemas/categories';
import { storefrontPaths } from '../../shared/site-paths';
import type { RouteHandler } from '../http/types';
import { answerCache } from '../wiring/answer-cache';
import { marketplace } from '../wiring/catalogue';
import { siteOrigin } from '../wiring/site';

const XML = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** sitemaps.org XML of the storefront: home, marketplace, categories, every listed app and category. */
export function sitemapXml(origin: string, apps: AppCard[], categories: Category[]): string {
  const locs = [
    storefrontPaths.home,
    storefrontPaths.marketplace,
    storefrontPaths.categories,
    ...categories.map((c) => storefrontPaths.category(c.slug)),
    ...apps.map((a) => storefrontPaths.app(a.slug || a.id)),
  ];
  const entries = locs.map((loc) => `  <url><loc>${XML(origin + loc)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/** GET /sitemap.xml: cached like the marketplace answers (fresh within the catalogue bound). */
export const sitemap: RouteHandler = async () =>
  answerCache.answer(
    'sitemap',
    async () => {
      const [apps, categories] = await Promise.all([
        marketplace.listApps(MarketplaceQuerySchema.parse({})),
        marketplace.listCategories(),
      ]);
      return sitemapXml(siteOrigin(), apps as AppCard[], categories);
    },
    { contentType: 'application/xml; charset=utf-8', serialise: (v) => v as string },
  );
