import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { API_KEYS_KEY } from './get-api-keys';

/** DELETE /api/keys/{id}: the key stops working and leaves the list. */
export const deleteApiKey = (id: string) =>
  api.delete<{ message?: string } | undefined>(`${API_KEYS_KEY}/${encodeURIComponent(id)}`);

export function useDeleteApiKey() {
  return useSWRMutation(API_KEYS_KEY, (_key: string, { arg }: { arg: string }) => deleteApiKey(arg));
}
