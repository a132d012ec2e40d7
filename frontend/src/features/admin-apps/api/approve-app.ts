import { useReviewAction } from './review-action';

/** POST /api/admin/apps/{id}/approve: publishes the app (409 when it is already approved). */
export const useApproveApp = () => useReviewAction('approve');
