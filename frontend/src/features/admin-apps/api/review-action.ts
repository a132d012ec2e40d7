import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { AdminAppRow } from '../types';
import { ADMIN_APPS_KEY } from './get-admin-apps';
import { revalidateAppLists } from './revalidate-app-lists';

/** POST /api/admin/apps/{id}/{action}: the answer carries the app as it is now. */
export const reviewApp = (id: string, action: 'approve' | 'suspend') =>
  api.post<{ message?: string; app?: Partial<AdminAppRow> }>(`${ADMIN_APPS_KEY}/${encodeURIComponent(id)}/${action}`);

/** Approve or suspend an app by id, then refresh every app list. */
export function useReviewAction(action: 'approve' | 'suspend') {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${ADMIN_APPS_KEY}#${action}`, async (_key: string, { arg }: { arg: string }) => {
    const answer = await reviewApp(arg, action);
    await revalidateAppLists(mutate);
    // The app as it is now, for a dialog whose app the revalidated page no longer holds.
    return answer?.app;
  });
}
