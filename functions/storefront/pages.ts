import { MARKETPLACE_PAGE_SIZE } from '@shared/constants';
import { escapeHtml } from '@shared/escape-html';
import * as MSG from '@shared/messages/screens';
import type { PublicApp } from '@shared/schemas/apps';
import { storefrontPaths } from '@shared/site-paths';
import {
  type ListParams,
  listFilters,
  MARKETPLACE_APPS_KEY,
  type MarketplaceFilters,
  marketplaceAppsKey,
} from '../../frontend/src/api/get-marketplace-apps';
import { categoryAppsKey, categoryAppsPath } from '../../frontend/src/features/marketplace/api/get-category-apps';
import { SSR_DATA_ID, serialiseSsrData } from '../../frontend/src/ssr/data';
import { renderStorefront } from '../../frontend/src/ssr/render';
import { AppError } from '../core/errors';
import { prepared } from '../http/answer-cache';
import { errorField, logger } from '../http/logger';
import type { ApiRequest, ApiResponse, RouteHandler } from '../http/types';
import { pageCache } from '../wiring/answer-cache';
import { marketplace } from '../wiring/catalogue';
import { siteOrigin } from '../wiring/site';
import { STOREFRONT_MODULES, type StorefrontAssets, storefrontAssets } from './assets';
import { appHead, categoriesHead, categoryHead, headTags, homeHead, notFoundHead, type PageHead } from './head';
import { PAGE_PARAMS } from './page-params';

/**
 * The storefront pages, rendered on the server with the SPA's own components (frontend/src/ssr)
 * and the data read through the marketplace service (functions/core), never over HTTP. The page
 * carries the API answers it was rendered with, under the keys the SPA's SWR hooks use, so the
 * browser hydrates it without fetching them again. Lists carry their first page (the browser
 * loads the rest on demand).
 *
 * Pages are cached in a cache of their own (wiring/answer-cache.ts pageCache), reused while the
 * catalogue version they were rendered at is current, keyed on the path and only the query
 * parameters the page reads, normalised as the browser reads them (PAGE_PARAMS): any other
 * parameter, or a value the page ignores, renders and caches the same page.
 */
const HTML = 'text/html; charset=utf-8';

/** The SWR keys of the pages' other reads (frontend/src/api, frontend/src/features/marketplace/api). */
const keys = {
  categories: '/api/categories',
  app: (slug: string) => `/api/marketplace/apps/by-slug/${encodeURIComponent(slug)}`,
};

/** The query parameters each page reads (and so renders and is cached by); CloudFront keys on these too. */
export { PAGE_PARAMS };

interface PageData {
  module: string;
  head: PageHead;
  fallback: Record<string, unknown>;
}

/**
 * A server-rendered page is on screen before any script runs: its scripts only hydrate it. They
 * load at low priority, after the page's own images, and a phone paints from the HTML without
 * waiting for them (the SPA's other pages, blank until their scripts run, keep the default). The
 * storefront-ssr integration test fails when the built index.html's tags no longer match.
 */
const HYDRATION_SCRIPTS = /<(script type="module"|link rel="modulepreload") crossorigin /g;

/** index.html with the page's head, styles, preloads (all its scripts at low priority), markup and data. */
export function composePage(
  assets: StorefrontAssets,
  page: PageData,
  rendered: { html: string; styles: string },
): string {
  const preloads = (assets.preloads[page.module] ?? [])
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(file)}" />`)
    .join('\n    ');
  return assets.template
    .replace(HYDRATION_SCRIPTS, '<$1 crossorigin fetchpriority="low" ')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, () => headTags(page.head))
    .replace('</head>', () => `    ${preloads}\n    ${rendered.styles}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${rendered.html}</div>\n    <script id="${SSR_DATA_ID}" type="application/json">${serialiseSsrData({ fallback: page.fallback })}</script>`,
    );
}

/** The page's address as rendered: the path and the parameters it reads, normalised. */
function pageUrl(req: ApiRequest, params: MarketplaceFilters): string {
  const query = new URLSearchParams(params as Record<string, string>).toString();
  return `${siteOrigin()}${req.path}${query ? `?${query}` : ''}`;
}

async function renderPage(url: string, assets: StorefrontAssets, page: PageData): Promise<string> {
  const rendered = await renderStorefront(url, page.fallback, (error) =>
    logger.error('storefront part failed; its fallback was rendered', { url, error: errorField(error) }),
  );
  return composePage(assets, page, rendered);
}

const notBuilt = (): ApiResponse => ({
  status: 503,
  raw: { data: 'The web app is not built yet: run `npm run build:web`.', contentType: 'text/plain; charset=utf-8' },
  headers: { 'cache-control': 'no-store' },
});

/**
 * One storefront page: rendered (and cached by catalogue version) from what `load` reads, for the
 * parameters `params` takes from the request. An app or category that does not exist is rendered
 * as the SPA renders it, with status 404. Should rendering fail, the visitor still gets the SPA
 * (index.html), which renders in the browser.
 */
function storefrontPage(
  params: (req: ApiRequest) => Promise<MarketplaceFilters> | MarketplaceFilters,
  load: (req: ApiRequest, params: MarketplaceFilters) => Promise<PageData & { fresh: boolean }>,
  missing: (req: ApiRequest) => PageData,
): RouteHandler {
  return async (req) => {
    const assets = storefrontAssets();
    if (!assets) return notBuilt();
    try {
      const read = await params(req);
      const url = pageUrl(req, read);
      return await pageCache.answer(
        `page:${url}`,
        async () => {
          const page = await load(req, read);
          return prepared(await renderPage(url, assets, page), { keep: page.fresh });
        },
        { contentType: HTML, serialise: (v) => v as string },
      );
    } catch (err) {
      if (err instanceof AppError && err.status === 404) {
        return {
          status: 404,
          raw: { data: await renderPage(pageUrl(req, {}), assets, missing(req)), contentType: HTML },
        };
      }
      if (err instanceof AppError) throw err;
      logger.error('storefront render failed; serving the SPA', {
        path: req.path,
        error: err instanceof Error ? err.message : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      });
      return {
        status: 200,
        raw: { data: assets.template, contentType: HTML },
        headers: { 'cache-control': 'no-store' },
      };
    }
  };
}

const noParams = () => ({});
const readParams = (req: ApiRequest, names: readonly (keyof ListParams)[]): ListParams =>
  Object.fromEntries(names.map((n) => [n, req.query[n]]));

/** GET /: the marketplace home: Featured and the first page of All Applications for the address's filters. */
export const homePage = storefrontPage(
  async (req) => {
    const categories = await marketplace.listCategories();
    return listFilters(readParams(req, PAGE_PARAMS.home), new Set(categories.map((c) => c.slug)));
  },
  async (_req, filters) => {
    const [apps, categories] = await Promise.all([
      marketplace.listApps({ sort: 'name', limit: MARKETPLACE_PAGE_SIZE, ...filters }),
      marketplace.listCategories(),
    ]);
    return {
      module: STOREFRONT_MODULES.home,
      head: homeHead(siteOrigin()),
      fallback: {
        [marketplaceAppsKey(filters)]: { items: apps.cards, next_cursor: apps.next_cursor, total: apps.total },
        [keys.categories]: categories,
      },
      fresh: apps.fresh,
    };
  },
  () => ({ module: STOREFRONT_MODULES.home, head: homeHead(siteOrigin()), fallback: {} }),
);

/** GET /marketplace/categories: every active category. */
export const categoriesPage = storefrontPage(
  noParams,
  async (req) => ({
    module: STOREFRONT_MODULES.categories,
    head: categoriesHead(siteOrigin(), req.path),
    fallback: { [keys.categories]: await marketplace.listCategories() },
    fresh: true,
  }),
  (req) => ({ module: STOREFRONT_MODULES.categories, head: categoriesHead(siteOrigin(), req.path), fallback: {} }),
);

const slugOf = (req: ApiRequest): string => {
  const slug = (req.params.slug ?? '').trim();
  if (!slug || slug.length > 200) throw new AppError(404, 'Not found');
  return slug;
};

/** GET /marketplace/category/{slug}: one category and the first page of its apps for the address's parameters. */
export const categoryPage = storefrontPage(
  (req) => listFilters(readParams(req, PAGE_PARAMS.category)),
  async (req, filters) => {
    const slug = slugOf(req);
    const answer = await marketplace.categoryApps(slug, { sort: 'name', limit: MARKETPLACE_PAGE_SIZE, ...filters });
    return {
      module: STOREFRONT_MODULES.category,
      head: categoryHead(siteOrigin(), storefrontPaths.category(slug), answer.category, answer.category.app_count),
      fallback: {
        [categoryAppsKey(slug, filters)]: {
          category: answer.category,
          apps: answer.cards,
          next_cursor: answer.next_cursor,
          total: answer.total,
        },
      },
      fresh: answer.fresh,
    };
  },
  (req) => ({
    module: STOREFRONT_MODULES.category,
    head: notFoundHead(siteOrigin(), req.path, MSG.categoryNotFound),
    fallback: {},
  }),
);

/** GET /marketplace/app/{slug}: an app's page, with its SoftwareApplication JSON-LD. */
export const appPage = storefrontPage(
  noParams,
  async (req) => {
    const slug = slugOf(req);
    const { app } = await marketplace.appBySlug(slug);
    return {
      module: STOREFRONT_MODULES.app,
      head: appHead(siteOrigin(), storefrontPaths.app(app.slug || app.id), app as PublicApp),
      fallback: { [keys.app(slug)]: app },
      fresh: true,
    };
  },
  (req) => ({
    module: STOREFRONT_MODULES.app,
    head: notFoundHead(siteOrigin(), req.path, MSG.appNotFound),
    fallback: {},
  }),
);

/** Paths the lists' keys start with (tests compare them with the SPA's). */
export const LIST_KEY_PREFIXES = { apps: MARKETPLACE_APPS_KEY, category: categoryAppsPath };
