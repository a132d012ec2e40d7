import { type Handlers, json } from '../../../testing/stub-fetch';
import type { AppDetail, Category, MarketplaceApp } from '../types';

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
export function marketplaceHandlers(data: MarketplaceData = {}): Handlers {
  const apps = data.apps ?? [];
  const categories = data.categories ?? [];
  return {
    'GET /api/marketplace/apps': () => json(apps),
    'GET /api/categories': () => json(categories),
    'GET /api/marketplace/apps/category/:slug': ({ params }) => {
      const category = categories.find((c) => c.slug === params.slug);
      if (!category) return json({ detail: 'Category not found' }, 404);
      return json({ category, apps: apps.filter((a) => a.category_slug === category.slug) });
    },
    'GET /api/marketplace/apps/by-slug/:slug': ({ params }) => {
      const app = (data.details ?? []).find((a) => a.slug === params.slug || a.id === params.slug);
      return app ? json(app) : json({ detail: 'App not found' }, 404);
    },
    'GET /api/user/profile': () =>
      data.userId
        ? json({ id: data.userId, email: 'dev@example.com', full_name: 'Dev', role: 'developer', is_approved: true })
        : json({ detail: 'Not authenticated' }, 401),
    'GET /api/apps': () => (data.ownApps ? json(data.ownApps) : json({ detail: 'Not implemented' }, 501)),
  };
}
