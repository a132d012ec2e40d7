import useSWR from 'swr';
import { api } from '../../../lib/api-client';

/** Counts on the developer dashboard. Webhooks are always 0 here (SPEC.md section 2). */
export interface DashboardCounts {
  apps: number;
  webhooks: number;
  apiKeys: number;
}

/** A list endpoint that fails (not deployed yet, or down) counts as empty. */
async function countOf(path: string): Promise<number> {
  try {
    const list = await api.get<unknown>(path);
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

export async function getDashboardCounts(): Promise<DashboardCounts> {
  const [apps, apiKeys] = await Promise.all([countOf('/api/apps'), countOf('/api/keys')]);
  return { apps, webhooks: 0, apiKeys };
}

export function useDashboardCounts() {
  return useSWR('dashboard-counts', getDashboardCounts, { revalidateOnFocus: false });
}
