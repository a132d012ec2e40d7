import type { BuyerInstall, BuyerInstallList } from '@shared/schemas/installs';
import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** The SWR key of the signed-in buyer's installs (what each licensed app may receive and touch). */
export const INSTALLS_KEY = '/api/installs';

/** GET /api/installs: one install per licensed app. */
export const getInstalls = async (): Promise<BuyerInstall[]> =>
  (await api.get<BuyerInstallList>(INSTALLS_KEY)).installs ?? [];

/** The buyer's installs for My Purchased Licenses; a failure is not retried (the cards still show). */
export function useInstalls() {
  return useSWR(INSTALLS_KEY, getInstalls, { shouldRetryOnError: false });
}
