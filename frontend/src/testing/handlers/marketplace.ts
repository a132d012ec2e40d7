import type { DataAccessView } from '../../../../shared/schemas/data-access';
import type { MyReview, ReviewPage } from '../../../../shared/schemas/reviews';
import type { AppDetail, Category, MarketplaceApp } from '../../features/marketplace/types';
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

/** The public marketplace calls, answered from in-memory data the way the server would. */
export function marketplaceHandlers(data: MarketplaceData = {}): HttpHandler[] {
  const apps = data.apps ?? [];
  const categories = data.categories ?? [];
  return [
    http.get('/api/marketplace/apps', () => HttpResponse.json(apps)),
    http.get('/api/categories', () => HttpResponse.json(categories)),
    http.get<{ slug: string }>('/api/marketplace/apps/category/:slug', ({ params }) => {
      const category = categories.find((c) => c.slug === params.slug);
      if (!category) return fail(404, 'Category not found');
      return HttpResponse.json({ category, apps: apps.filter((a) => a.category_slug === category.slug) });
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
    // The detail page's other reads, as for an app nobody has reviewed or declared data access for
    // yet, seen by a caller without a licence. A test overrides one to show more.
    http.get('/api/apps/:id/reviews', () => HttpResponse.json(NO_REVIEWS)),
    http.get('/api/apps/:id/reviews/mine', () =>
      HttpResponse.json({ can_review: false, review: null } satisfies MyReview),
    ),
    http.get('/api/marketplace/apps/:id/data-access', () =>
      HttpResponse.json({ catalogue_synced: true, declaration: null } satisfies DataAccessView),
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
