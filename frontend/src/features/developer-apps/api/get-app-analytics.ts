import { api } from '@/lib/api-client';
import { useCursorPages } from '@/lib/use-cursor-pages';
import type { AppAnalytics } from '../types';

export const appAnalyticsKey = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/analytics`;

/** One answer of the analytics: the figures and the cursor of the next page of sales (X-Next-Cursor). */
type AnalyticsPage = { analytics: AppAnalytics; next_cursor: string | null };

async function getAnalyticsPage(key: string): Promise<AnalyticsPage> {
  let next: string | null = null;
  const analytics = await api.get<AppAnalytics>(key, {
    onHeaders: (h) => {
      next = h.get('x-next-cursor');
    },
  });
  return { analytics, next_cursor: next };
}

/**
 * GET /api/apps/{id}/analytics: sales, revenue and recent purchases (the first answer), customers
 * page by page (each answer lists the customers of one page of the sales, newest first; a customer
 * on two pages is shown once with both counts added). Public apps only.
 */
export function useAppAnalytics(appId: string | null) {
  const { pages: loaded, ...list } = useCursorPages(
    appId ? appAnalyticsKey(appId) : null,
    getAnalyticsPage,
    (p) => p.next_cursor,
  );
  const pages = loaded ?? [];
  const customers = new Map<string, AppAnalytics['customers'][number]>();
  for (const page of pages) {
    for (const c of page.analytics.customers) {
      const seen = customers.get(c.id);
      customers.set(c.id, seen ? { ...seen, purchase_count: seen.purchase_count + c.purchase_count } : c);
    }
  }
  const first = pages[0]?.analytics;
  return { ...list, data: first ? { ...first, customers: [...customers.values()] } : undefined };
}
