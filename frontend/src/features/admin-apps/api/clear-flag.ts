import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { ADMIN_APPS_KEY } from './get-admin-apps';
import { revalidateAppLists } from './revalidate-app-lists';

/** POST /api/admin/apps/{id}/clear-flag: the admin has reviewed an approved app's material edits. */
export const clearAppFlag = (id: string) =>
  api.post<{ message?: string }>(`${ADMIN_APPS_KEY}/${encodeURIComponent(id)}/clear-flag`);

export function useClearAppFlag() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${ADMIN_APPS_KEY}#clear-flag`, async (_key: string, { arg }: { arg: string }) => {
    await clearAppFlag(arg);
    await revalidateAppLists(mutate);
  });
}
