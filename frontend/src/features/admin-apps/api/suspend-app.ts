import { useReviewAction } from './review-action';

/** POST /api/admin/apps/{id}/suspend: back to not approved, off the marketplace (409 unless approved). */
export const useSuspendApp = () => useReviewAction('suspend');
