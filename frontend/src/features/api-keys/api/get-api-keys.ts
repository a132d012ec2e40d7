import type { ApiKey } from '@shared/schemas/keys';
import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** The SWR key of the developer's own key list; every key write revalidates it. */
export const API_KEYS_KEY = '/api/keys';

/** GET /api/keys: the signed-in developer's keys, each with its visible prefix only. */
export const getApiKeys = (): Promise<ApiKey[]> => api.list<ApiKey>(API_KEYS_KEY);

export function useApiKeys() {
  return useSWR(API_KEYS_KEY, getApiKeys, { keepPreviousData: true });
}
