import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { MY_APPS_KEY } from '@/api/get-my-apps';
import { api } from '@/lib/api-client';
import { revalidateAppViews } from './revalidate-app-views';

/** DELETE /api/apps/{id}: the app, its uploads and its listing go; buyers keep their purchases. */
export const deleteApp = (id: string) =>
  api.delete<{ message?: string } | undefined>(`${MY_APPS_KEY}/${encodeURIComponent(id)}`);

export function useDeleteApp() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${MY_APPS_KEY}#delete`, async (_key: string, { arg }: { arg: string }) => {
    await deleteApp(arg);
    await revalidateAppViews(mutate);
  });
}
