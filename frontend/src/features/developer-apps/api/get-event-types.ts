import useSWR from 'swr';
import { api } from '@/lib/api-client';

export const EVENT_TYPES_KEY = '/api/event-types';

/** GET /api/event-types: the names webhooks can subscribe to. */
export const getEventTypes = () => api.get<string[]>(EVENT_TYPES_KEY);

export function useEventTypes(enabled = true) {
  return useSWR(enabled ? EVENT_TYPES_KEY : null, getEventTypes, { revalidateOnFocus: false });
}
