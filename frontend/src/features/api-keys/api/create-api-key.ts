import type { KeyType } from '@shared/constants';
import type { ApiKeyWithSecret } from '@shared/schemas/keys';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { API_KEYS_KEY } from './get-api-keys';

/** POST /api/keys {type}: the answer carries the FULL key, the only time it is ever sent. */
export const createApiKey = (type: KeyType) => api.post<ApiKeyWithSecret>(API_KEYS_KEY, { type });

/** Same key as the list, so the list revalidates (and shows the prefix) once the key exists. */
export function useCreateApiKey() {
  return useSWRMutation(API_KEYS_KEY, (_key: string, { arg }: { arg: KeyType }) => createApiKey(arg));
}
