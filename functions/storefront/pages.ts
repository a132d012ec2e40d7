import { SSR_DATA_ID, serialiseSsrData } from '../../frontend/src/ssr/data';
import { renderStorefront } from '../../frontend/src/ssr/render';
import { DEFAULT_MARKETPLACE_QUERY } from '../../shared/constants';
import * as MSG from '../../shared/messages/screens';
import type { PublicApp } from '../../shared/schemas/apps';
import type { Category } from '../../shared/schemas/categories';
import { storefrontPaths } from '../../shared/site-paths';
import { AppError } from '../core/errors';
import { logger } from '../http/logger';
import type { ApiRequest, ApiResponse, RouteHandler } from '../http/types';
import { answerCache } from '../wiring/answer-cache';
import { marketplace } from '../wiring/catalogue';
import { siteOrigin } from '../wiring/site';
import { STOREFRONT_MODULES, type StorefrontAssets, storefrontAssets } from './assets';
import {
  appHead,
  categoriesHead,
  categoryHead,
  escapeHtml,
  headTags,
  homeHead,
  notFoundHead,
  type PageHead,
} from './head';

/**
 * The storefront pages, rendered on the server with the SPA's own components (frontend/src/ssr)
 * and the data read through the marketplace service (functions/core), never over HTTP. The page
 * carries the API answers it was rendered with, under the keys the SPA's SWR hooks use, so the
 * browser hydrates it without fetching them again. A whole page is cached like the API answers:
 * reused while the catalogue version it was rendered at is current (http/answer-cache.ts).
 */
const HTML = 'text/html; charset=utf-8';

/** The SWR keys of frontend/src/features/marketplace/api (the API paths the hooks request). */
const keys = {
  apps: '/api/marketplace/apps',
  categories: '/api/categories',
  category: (slug: string) => `/api/marketplace/apps/category/${encodeURIComponent(slug)}`,
  app: (slug: string) => `/api/marketplace/apps/by-slug/${encodeURIComponent(slug)}`,
};

interface PageData {
  module: string;
  head: PageHead;
  fallback: Record<string, unknown>;
}

/** index.html with the page's head, styles, preloads, markup and data. */
export function composePage(
  assets: StorefrontAssets,
  page: PageData,
  rendered: { html: string; styles: string },
): string {
  const preloads = (assets.preloads[page.module] ?? [])
    .map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`)
    .join('\n    ');
  return assets.template
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, () => headTags(page.head))
    .replace('</head>', () => `    ${preloads}\n    ${rendered.styles}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${rendered.html}</div>\n    <script id="${SSR_DATA_ID}" type="application/json">${serialiseSsrData({ fallback: page.fallback })}</script>`,
    );
}

async function renderPage(req: ApiRequest, assets: StorefrontAssets, page: PageData): Promise<string> {
  const query = req.event.rawQueryString ? `?${req.event.rawQueryString}` : '';
  const rendered = await renderStorefront(`${siteOrigin()}${req.path}${query}`, page.fallback);
  return composePage(assets, page, rendered);
}

const notBuilt = (): ApiResponse => ({
  status: 503,
  raw: { data: 'The web app is not built yet: run `npm run build:web`.', contentType: 'text/plain; charset=utf-8' },
  headers: { 'cache-control': 'no-store' },
});

/**
 * One storefront page: rendered (and cached by catalogue version) from what `load` reads. An app
 * or category that does not exist is rendered as the SPA renders it, with status 404. Should
 * rendering fail, the visitor still gets the SPA (index.html), which renders in the browser.
 */
function storefrontPage(
  load: (req: ApiRequest) => Promise<PageData>,
  missing: (req: ApiRequest) => PageData,
): RouteHandler {
  return async (req) => {
    const assets = storefrontAssets();
    if (!assets) return notBuilt();
    const query = req.event.rawQueryString ?? '';
    try {
      return await answerCache.answer(
        `page:${req.path}?${query}`,
        async () => renderPage(req, assets, await load(req)),
        {
          contentType: HTML,
          serialise: (v) => v as string,
        },
      );
    } catch (err) {
      if (err instanceof AppError && err.status === 404) {
        return { status: 404, raw: { data: await renderPage(req, assets, missing(req)), contentType: HTML } };
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

/** GET /: the marketplace home with every listed app and the category filter. */
export const homePage = storefrontPage(
  async () => {
    const [apps, categories] = await Promise.all([
      marketplace.listApps(DEFAULT_MARKETPLACE_QUERY),
      marketplace.listCategories(),
    ]);
    return {
      module: STOREFRONT_MODULES.home,
      head: homeHead(siteOrigin()),
      fallback: { [keys.apps]: apps, [keys.categories]: categories },
    };
  },
  () => ({ module: STOREFRONT_MODULES.home, head: homeHead(siteOrigin()), fallback: {} }),
);

/** GET /marketplace/categories: every active category. */
export const categoriesPage = storefrontPage(
  async (req) => ({
    module: STOREFRONT_MODULES.categories,
    head: categoriesHead(siteOrigin(), req.path),
    fallback: { [keys.categories]: await marketplace.listCategories() },
  }),
  (req) => ({ module: STOREFRONT_MODULES.categories, head: categoriesHead(siteOrigin(), req.path), fallback: {} }),
);

const slugOf = (req: ApiRequest): string => {
  const slug = (req.params.slug ?? '').trim();
  if (!slug || slug.length > 200) throw new AppError(404, 'Not found');
  return slug;
};

/** GET /marketplace/category/{slug}: one category's apps. */
export const categoryPage = storefrontPage(
  async (req) => {
    const slug = slugOf(req);
    const answer = (await marketplace.categoryApps(slug, DEFAULT_MARKETPLACE_QUERY)) as {
      category: Category;
      apps: unknown[];
    };
    return {
      module: STOREFRONT_MODULES.category,
      head: categoryHead(siteOrigin(), storefrontPaths.category(slug), answer.category, answer.apps.length),
      fallback: { [keys.category(slug)]: answer },
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
  async (req) => {
    const slug = slugOf(req);
    const { app } = await marketplace.appBySlug(slug);
    return {
      module: STOREFRONT_MODULES.app,
      head: appHead(siteOrigin(), storefrontPaths.app(app.slug || app.id), app as PublicApp),
      fallback: { [keys.app(slug)]: app },
    };
  },
  (req) => ({
    module: STOREFRONT_MODULES.app,
    head: notFoundHead(siteOrigin(), req.path, MSG.appNotFound),
    fallback: {},
  }),
);
