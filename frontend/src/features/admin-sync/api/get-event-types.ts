import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { EventType } from '../types';
import { listOrEmpty } from './ignore-list-failure';

export const EVENT_TYPES_KEY = '/api/internal-sync/event-types';

/** GET /api/internal-sync/event-types: every event type the internal system announces. */
export const getEventTypes = () =>
  listOrEmpty('event types', async () => (await api.get<{ event_types?: EventType[] }>(EVENT_TYPES_KEY))?.event_types);

export function useEventTypes() {
  return useSWR(EVENT_TYPES_KEY, getEventTypes);
}
