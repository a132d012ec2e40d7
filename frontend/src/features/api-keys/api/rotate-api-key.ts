import type { ApiKeyWithSecret } from '@shared/schemas/keys';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { API_KEYS_KEY } from './get-api-keys';

/** PUT /api/keys/{id}/rotate: the old secret stops working at once; the new FULL key comes back once. */
export const rotateApiKey = (id: string) =>
  api.put<ApiKeyWithSecret>(`${API_KEYS_KEY}/${encodeURIComponent(id)}/rotate`);

export function useRotateApiKey() {
  return useSWRMutation(API_KEYS_KEY, (_key: string, { arg }: { arg: string }) => rotateApiKey(arg));
}
