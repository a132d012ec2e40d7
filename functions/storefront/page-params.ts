/**
 * The query parameters each storefront page reads (and so renders and is cached by): the page's
 * in-process cache keys on them (pages.ts), and so does CloudFront's storefront cache policy
 * (lib/site.ts STOREFRONT_CACHE_QUERY_STRINGS). In a module of its own, free of the renderer, so the
 * CDK app reads the same list without loading the storefront.
 */
import type { ListParams } from '../../frontend/src/api/get-marketplace-apps';

export const PAGE_PARAMS = {
  home: ['q', 'category', 'works_with'],
  categories: [],
  category: ['q', 'works_with', 'sort'],
  app: [],
} as const satisfies Record<string, readonly (keyof ListParams)[]>;

/** Every parameter some page reads, once each, sorted. */
export const ALL_PAGE_PARAMS: readonly string[] = [...new Set(Object.values(PAGE_PARAMS).flat())].sort();
