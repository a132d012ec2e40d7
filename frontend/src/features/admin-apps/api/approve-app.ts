import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import type { AdminAppRow } from '../types';
import { ADMIN_APPS_KEY } from './get-admin-apps';
import { revalidateAppLists } from './revalidate-app-lists';

/** POST /api/admin/apps/{id}/approve: publishes the app (409 when it is already approved). */
export const approveApp = (id: string) =>
  api.post<{ message?: string; app?: Partial<AdminAppRow> }>(`${ADMIN_APPS_KEY}/${encodeURIComponent(id)}/approve`);

export function useApproveApp() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${ADMIN_APPS_KEY}#approve`, async (_key: string, { arg }: { arg: string }) => {
    const answer = await approveApp(arg);
    await revalidateAppLists(mutate);
    // The app as it is now, for a dialog whose app the revalidated page no longer holds.
    return answer?.app;
  });
}
