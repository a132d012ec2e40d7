import type { PermissionsView } from '@shared/schemas/permissions';
import type { MyReview, ReviewPage } from '@shared/schemas/reviews';
import type { AppDetail, Category, MarketplaceApp } from '@/features/marketplace/types';
import { fail, type HttpHandler, HttpResponse, http } from '../server';

/** An empty marketplace, so shell tests can land on '/' without the marketplace screens' data. */
export function emptyMarketplaceHandlers(): HttpHandler[] {
  return [
    http.get('/api/marketplace/apps', () => HttpResponse.json([])),
    http.get('/api/categories', () => HttpResponse.json([])),
  ];
}

interface MarketplaceData {
  apps?: MarketplaceApp[];
  categories?: Category[];
  details?: AppDetail[];
  /** The signed-in user's profile id (GET /api/user/profile). */
  userId?: string;
  /** The developer's own apps (GET /api/apps); omitted means the call answers 501. */
  ownApps?: { id: string; slug: string }[];
}

/**
 * A marketplace list as the server answers it: searched (name, descriptions), filtered by category
 * (slug or name) and practice system, sorted (ties by name), paged with limit and cursor (here an
 * offset). Without limit and cursor the plain array.
 */
function listAnswer(all: MarketplaceApp[], url: URL, categories: Category[], scope?: string) {
  const p = url.searchParams;
  const q = p.get('q')?.trim().toLowerCase();
  const cat = p.get('category');
  const category = cat
    ? categories.find((c) => c.slug === cat || c.name.toLowerCase() === cat.toLowerCase())
    : undefined;
  const system = p.get('works_with');
  const byName = (a: MarketplaceApp, b: MarketplaceApp) => a.name.toLowerCase().localeCompare(b.name.toLowerCase());
  const price = (a: MarketplaceApp) => a.price ?? 0;
  const sorts: Record<string, (a: MarketplaceApp, b: MarketplaceApp) => number> = {
    name: byName,
    price_low: (a, b) => price(a) - price(b) || byName(a, b),
    price_high: (a, b) => price(b) - price(a) || byName(a, b),
    rating: (a, b) =>
      (b.average_rating ?? 0) - (a.average_rating ?? 0) ||
      (b.review_count ?? 0) - (a.review_count ?? 0) ||
      byName(a, b),
  };
  const matching = all
    .filter((a) => (scope ? a.category_slug === scope : !cat || a.category_slug === category?.slug))
    .filter((a) => !system || (a.practice_systems as readonly string[] | undefined)?.includes(system))
    .filter((a) => !q || [a.name, a.description, a.short_description].some((t) => (t ?? '').toLowerCase().includes(q)))
    .sort(sorts[p.get('sort') ?? 'name'] ?? byName);
  const limit = p.get('limit');
  const cursor = p.get('cursor');
  if (!limit && !cursor) return { paged: false as const, items: matching };
  const from = cursor ? Number(cursor) : 0;
  const to = from + Number(limit ?? 24);
  return {
    paged: true as const,
    items: matching.slice(from, to),
    next_cursor: to < matching.length ? String(to) : null,
    total: matching.length,
  };
}

/** The public marketplace calls, answered from in-memory data the way the server would. */
export function marketplaceHandlers(data: MarketplaceData = {}): HttpHandler[] {
  const apps = data.apps ?? [];
  const categories = data.categories ?? [];
  return [
    http.get('/api/marketplace/apps', ({ request }) => {
      const answer = listAnswer(apps, new URL(request.url), categories);
      return HttpResponse.json(
        answer.paged ? { items: answer.items, next_cursor: answer.next_cursor, total: answer.total } : answer.items,
      );
    }),
    http.get('/api/categories', () => HttpResponse.json(categories)),
    http.get<{ slug: string }>('/api/marketplace/apps/category/:slug', ({ params, request }) => {
      const found = categories.find((c) => c.slug === params.slug);
      if (!found) return fail(404, 'Category not found');
      // app_count: the category's counter, every listed app filed under it.
      const category = { ...found, app_count: apps.filter((a) => a.category_slug === found.slug).length };
      const answer = listAnswer(apps, new URL(request.url), categories, category.slug);
      return HttpResponse.json(
        answer.paged
          ? { category, apps: answer.items, next_cursor: answer.next_cursor, total: answer.total }
          : { category, apps: answer.items },
      );
    }),
    http.get<{ slug: string }>('/api/marketplace/apps/by-slug/:slug', ({ params }) => {
      const app = (data.details ?? []).find((a) => a.slug === params.slug || a.id === params.slug);
      return app ? HttpResponse.json(app) : fail(404, 'App not found');
    }),
    http.get('/api/user/profile', () =>
      data.userId
        ? HttpResponse.json({
            id: data.userId,
            email: 'dev@example.com',
            full_name: 'Dev',
            role: 'developer',
            is_approved: true,
          })
        : fail(401, 'Not authenticated'),
    ),
    http.get('/api/apps', () => (data.ownApps ? HttpResponse.json(data.ownApps) : fail(501, 'Not implemented'))),
    // The detail page's other reads, as for an app nobody has reviewed or declared permissions for
    // yet, seen by a caller without a licence. A test overrides one to show more.
    http.get('/api/apps/:id/reviews', () => HttpResponse.json(NO_REVIEWS)),
    http.get('/api/apps/:id/reviews/mine', () =>
      HttpResponse.json({ can_review: false, review: null } satisfies MyReview),
    ),
    http.get('/api/marketplace/apps/:id/data-access', () =>
      HttpResponse.json({ catalogue_synced: true, declaration: null } satisfies PermissionsView),
    ),
    http.get('/api/stripe/my-purchases', () => HttpResponse.json([])),
  ];
}

const NO_REVIEWS: ReviewPage = {
  average_rating: 0,
  review_count: 0,
  distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
  items: [],
  next_cursor: null,
};
