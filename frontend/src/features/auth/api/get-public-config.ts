import useSWR from 'swr';
import { fetcher } from '@/lib/api-client';

/** GET /api/config: what the deployment has configured (no secrets). */
export interface PublicConfig {
  google_client_id: string | null;
  stripe_enabled?: boolean;
  stripe_publishable_key?: string | null;
}

export const PUBLIC_CONFIG_KEY = '/api/config';

export function usePublicConfig() {
  return useSWR<PublicConfig>(PUBLIC_CONFIG_KEY, fetcher, { revalidateOnFocus: false, shouldRetryOnError: false });
}
