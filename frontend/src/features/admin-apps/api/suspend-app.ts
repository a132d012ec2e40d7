import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import type { AdminAppRow } from '../types';
import { ADMIN_APPS_KEY } from './get-admin-apps';
import { revalidateAppLists } from './revalidate-app-lists';

/** POST /api/admin/apps/{id}/suspend: back to not approved, off the marketplace (409 unless approved). */
export const suspendApp = (id: string) =>
  api.post<{ message?: string; app?: Partial<AdminAppRow> }>(`${ADMIN_APPS_KEY}/${encodeURIComponent(id)}/suspend`);

export function useSuspendApp() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${ADMIN_APPS_KEY}#suspend`, async (_key: string, { arg }: { arg: string }) => {
    const answer = await suspendApp(arg);
    await revalidateAppLists(mutate);
    // The app as it is now, for a dialog whose app the revalidated page no longer holds.
    return answer?.app;
  });
}
