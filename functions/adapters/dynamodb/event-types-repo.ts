/**
 * The webhook event catalogue in the single table. Implements the webhooks core's EventTypeStore:
 * the event types the internal sync stored (`source: 'internal'`, sync-repo.ts); the platform's own
 * (license.*) are in code (core/webhooks/event-catalogue.ts). Items an older seed wrote (no source:
 * placeholders nothing emits) are left and ignored. The shape is contract 4 of licences-read-repo.ts.
 *
 * | item       | PK               | SK        | GSI1                |
 * |------------|------------------|-----------|---------------------|
 * | event type | EVENTTYPE#<name> | EVENTTYPE | EVENTTYPES / <name> |
 */
import type { EventTypeDefinition } from '../../core/webhooks/event-catalogue';
import type { EventTypeStore } from '../../core/webhooks/ports';
import { type ItemMapper, onIndex, queryAll, str } from './dynamo';
import { EVENT_TYPES_PARTITION, eventTypeKey } from './keys';

/** An event type of the catalogue as stored; older items name it in `event_type`, and may be switched off. */
export interface StoredEventType extends EventTypeDefinition {
  is_active: boolean;
  /** 'internal' for the synced catalogue's; absent on items of the former seed. */
  source: string | null;
}

export const eventTypeItem: ItemMapper<StoredEventType> = {
  toItem: (def) => ({
    ...eventTypeKey(def.name),
    GSI1PK: EVENT_TYPES_PARTITION,
    GSI1SK: def.name,
    entity: 'EventType',
    id: def.name,
    name: def.name,
    description: def.description,
    trigger_type: def.trigger_type,
    is_active: def.is_active,
    ...(def.source ? { source: def.source } : {}),
  }),
  fromItem: (item) => ({
    name: str(item.name) ?? str(item.event_type) ?? '',
    description: str(item.description) ?? '',
    trigger_type: str(item.trigger_type) ?? 'unknown',
    is_active: item.is_active !== false,
    source: str(item.source) ?? null,
  }),
};

export const dynamoEventTypeStore: EventTypeStore = {
  async list() {
    const items = await queryAll(onIndex('GSI1', EVENT_TYPES_PARTITION));
    return items
      .map(eventTypeItem.fromItem)
      .filter((t) => t.name && t.is_active && t.source === 'internal')
      .map(({ name, description, trigger_type }) => ({ name, description, trigger_type }));
  },
};
