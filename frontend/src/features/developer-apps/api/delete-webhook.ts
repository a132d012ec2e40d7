import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { appWebhooksKey } from './get-app-webhooks';

/** DELETE /api/webhooks/{id}. */
export const deleteWebhook = (id: string) => api.delete<unknown>(`/api/webhooks/${encodeURIComponent(id)}`);

/** Revalidates the list of the app the webhook belongs to. */
export function useDeleteWebhook(appId: string) {
  return useSWRMutation(appWebhooksKey(appId), (_key: string, { arg }: { arg: string }) => deleteWebhook(arg));
}
