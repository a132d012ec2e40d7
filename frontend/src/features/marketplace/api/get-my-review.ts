import type { MyReview } from '@shared/schemas/reviews';
import useSWR from 'swr';
import { api } from '@/lib/api-client';

export const myReviewKey = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/reviews/mine`;

/** GET /api/apps/{id}/reviews/mine: whether the signed-in user may review, and their review. */
export function useMyReview(appId: string | undefined, signedIn: boolean) {
  return useSWR(appId && signedIn ? myReviewKey(appId) : null, (key: string) => api.get<MyReview>(key), {
    shouldRetryOnError: false,
  });
}
