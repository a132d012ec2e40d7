import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { ADMIN_APPS_KEY } from './get-admin-apps';
import { revalidateAppLists } from './revalidate-app-lists';

/** DELETE /api/admin/apps/{id}/delete: removes the app permanently. */
export const deleteAppPermanently = (id: string) =>
  api.delete<{ message?: string }>(`${ADMIN_APPS_KEY}/${encodeURIComponent(id)}/delete`);

export function useDeleteAppPermanently() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${ADMIN_APPS_KEY}#delete`, async (_key: string, { arg }: { arg: string }) => {
    await deleteAppPermanently(arg);
    await revalidateAppLists(mutate);
  });
}
