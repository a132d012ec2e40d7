import type { ReviewPage } from '@shared/schemas/reviews';
import { mutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { MARKETPLACE_APPS_KEY } from '@/api/get-marketplace-apps';
import { logLoadFailure } from '@/api/log-load-failure';
import { api } from '@/lib/api-client';
import { appDetailKey } from './get-app-by-slug';

export const REVIEWS_PAGE_SIZE = 5;
const reviewsPrefix = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/reviews`;

/** GET /api/apps/{id}/reviews: the summary and the newest visible reviews, one page per "Show more". */
export function useReviews(appId: string | undefined) {
  return useSWRInfinite(
    (_index: number, previous: ReviewPage | null) => {
      if (!appId || (previous && !previous.next_cursor)) return null;
      const cursor = previous?.next_cursor ? `&cursor=${encodeURIComponent(previous.next_cursor)}` : '';
      return `${reviewsPrefix(appId)}?limit=${REVIEWS_PAGE_SIZE}${cursor}`;
    },
    (key: string) => api.get<ReviewPage>(key),
    { revalidateFirstPage: true, shouldRetryOnError: false, onError: logLoadFailure('reviews') },
  );
}

/**
 * After any review write: the caller's own review, the app's average on its page and the
 * marketplace cards show the new figures (the paged list itself is revalidated by its own hook's
 * mutate: SWR's filter form skips infinite keys).
 */
export async function revalidateReviewFigures(appId: string, slugOrId: string): Promise<void> {
  const prefix = reviewsPrefix(appId);
  await mutate(
    (key) =>
      typeof key === 'string' &&
      (key.startsWith(prefix) || key === appDetailKey(slugOrId) || key.startsWith(MARKETPLACE_APPS_KEY)),
  );
}
