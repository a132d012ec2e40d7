import { DENTAL_EVENT_TYPES } from '../webhooks/event-catalogue';
import type { EventTypeInfo } from './ports';

/**
 * The event types webhooks can subscribe to when no catalogue has been stored yet (the webhooks
 * and internal-sync modules store the real one under GSI1PK=EVENTTYPES). One list: the seeded
 * dental catalogue.
 */
export const DEFAULT_EVENT_TYPES: readonly EventTypeInfo[] = DENTAL_EVENT_TYPES.map(({ name, description }) => ({
  name,
  description,
}));
