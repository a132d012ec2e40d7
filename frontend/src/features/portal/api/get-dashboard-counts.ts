import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** Counts on the developer dashboard: apps, the webhooks configured on them, API keys. */
export interface DashboardCounts {
  apps: number;
  webhooks: number;
  apiKeys: number;
}

/** A list endpoint that fails (not deployed yet, or down) counts as empty. */
async function listOf(path: string): Promise<unknown[]> {
  try {
    const list = await api.get<unknown>(path);
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export async function getDashboardCounts(): Promise<DashboardCounts> {
  const [apps, keys] = await Promise.all([listOf('/api/apps'), listOf('/api/keys')]);
  // Webhooks live on each app: count them across the developer's apps.
  const ids = apps.map((a) => (a as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
  const perApp = await Promise.all(ids.map((id) => listOf(`/api/apps/${encodeURIComponent(id)}/webhooks`)));
  return { apps: apps.length, webhooks: perApp.reduce((n, list) => n + list.length, 0), apiKeys: keys.length };
}

export function useDashboardCounts() {
  return useSWR('dashboard-counts', getDashboardCounts, { revalidateOnFocus: false });
}
