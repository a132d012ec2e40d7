import type { ApiKeyWithSecret } from '@shared/schemas/keys';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { API_KEYS_KEY } from './get-api-keys';

/** POST /api/keys/{id}/reveal: the replacement an admin's rotation issued; the FULL key comes back once. */
export const revealApiKey = (id: string) =>
  api.post<ApiKeyWithSecret>(`${API_KEYS_KEY}/${encodeURIComponent(id)}/reveal`);

export function useRevealApiKey() {
  return useSWRMutation(API_KEYS_KEY, (_key: string, { arg }: { arg: string }) => revealApiKey(arg));
}
