import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { MY_APPS_KEY } from '@/api/get-my-apps';
import { api } from '@/lib/api-client';
import { revalidateAppViews } from './revalidate-app-views';

/** POST /api/apps/{id}/withdraw-changes: the reviewed listing is the app's again. */
export const withdrawChanges = (id: string) =>
  api.post<{ id: string }>(`${MY_APPS_KEY}/${encodeURIComponent(id)}/withdraw-changes`);

export function useWithdrawChanges() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${MY_APPS_KEY}#withdraw-changes`, async (_key: string, { arg }: { arg: string }) => {
    await withdrawChanges(arg);
    await revalidateAppViews(mutate);
  });
}
