import type { OwnReview, Review, ReviewInput } from '@shared/schemas/reviews';
import { api } from '@/lib/api-client';

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/reviews`;

/** POST /api/apps/{id}/reviews (first review) or PUT .../reviews/mine (edit). */
export const saveReview = (appId: string, input: ReviewInput, existing: boolean) =>
  existing
    ? api.put<{ message: string; review: OwnReview }>(`${base(appId)}/mine`, input)
    : api.post<{ message: string; review: OwnReview }>(base(appId), input);

/** DELETE /api/apps/{id}/reviews/mine */
export const deleteReview = (appId: string) => api.delete<{ message: string }>(`${base(appId)}/mine`);

/** POST /api/apps/{id}/reviews/{reviewId}/reply: the app's developer, once. */
export const replyToReview = (appId: string, reviewId: string, text: string) =>
  api.post<{ message: string; review: Review }>(`${base(appId)}/${encodeURIComponent(reviewId)}/reply`, { text });

/** POST /api/admin/apps/{id}/reviews/{reviewId}/hide: an admin, with a reason mailed to the author. */
export const hideReview = (appId: string, reviewId: string, reason: string) =>
  api.post<{ message: string; review: OwnReview }>(
    `/api/admin/apps/${encodeURIComponent(appId)}/reviews/${encodeURIComponent(reviewId)}/hide`,
    { reason },
  );
