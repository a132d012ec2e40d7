import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';
import { ADMIN_APPS_KEY } from './get-admin-apps';
import { revalidateAppLists } from './revalidate-app-lists';

/** POST /api/admin/apps/{id}/suspend: back to not approved, off the marketplace (409 unless approved). */
export const suspendApp = (id: string) =>
  api.post<{ message?: string }>(`${ADMIN_APPS_KEY}/${encodeURIComponent(id)}/suspend`);

export function useSuspendApp() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${ADMIN_APPS_KEY}#suspend`, async (_key: string, { arg }: { arg: string }) => {
    await suspendApp(arg);
    await revalidateAppLists(mutate);
  });
}
