import useSWR from 'swr';
import { api } from '../../../lib/api-client';

export const EVENT_TYPES_KEY = '/api/event-types';

/** GET /api/event-types: a list of names (objects with a name are accepted too). */
export async function getEventTypes(): Promise<string[]> {
  const data = await api.get<unknown>(EVENT_TYPES_KEY);
  const list = Array.isArray(data) ? data : ((data as { event_types?: unknown[] } | undefined)?.event_types ?? []);
  return list
    .map((item) => (typeof item === 'string' ? item : (item as { name?: string } | null)?.name))
    .filter((name): name is string => Boolean(name));
}

export function useEventTypes(enabled = true) {
  return useSWR(enabled ? EVENT_TYPES_KEY : null, getEventTypes, { revalidateOnFocus: false });
}
