import useSWRInfinite from 'swr/infinite';
import { api } from '@/lib/api-client';
import type { AppAnalytics } from '../types';

export const appAnalyticsKey = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/analytics`;

/** One answer of the analytics: the figures and the cursor of the next page of sales (X-Next-Cursor). */
type AnalyticsPage = { analytics: AppAnalytics; next_cursor: string | null };

const pageKey = (appId: string) => (_index: number, previous: AnalyticsPage | null) => {
  if (previous && !previous.next_cursor) return null;
  return previous?.next_cursor
    ? `${appAnalyticsKey(appId)}?cursor=${encodeURIComponent(previous.next_cursor)}`
    : appAnalyticsKey(appId);
};

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
  const res = useSWRInfinite(appId ? pageKey(appId) : () => null, getAnalyticsPage);
  const pages = res.data ?? [];
  const customers = new Map<string, AppAnalytics['customers'][number]>();
  for (const page of pages) {
    for (const c of page.analytics.customers) {
      const seen = customers.get(c.id);
      customers.set(c.id, seen ? { ...seen, purchase_count: seen.purchase_count + c.purchase_count } : c);
    }
  }
  const first = pages[0]?.analytics;
  return {
    data: first ? { ...first, customers: [...customers.values()] } : undefined,
    error: res.error as unknown,
    isLoading: res.isLoading,
    more: Boolean(pages.at(-1)?.next_cursor),
    loadMore: () => res.setSize(res.size + 1),
    isLoadingMore: res.isValidating && res.size > pages.length,
  };
}
