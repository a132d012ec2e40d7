/**
 * The webhook event catalogue in the single table. Implements the webhooks core's EventTypeStore.
 * The shape is contract 4 of licences-read-repo.ts.
 *
 * | item       | PK               | SK        | GSI1                |
 * |------------|------------------|-----------|---------------------|
 * | event type | EVENTTYPE#<name> | EVENTTYPE | EVENTTYPES / <name> |
 */
import type { EventTypeDefinition } from '../../core/webhooks/event-catalogue';
import type { EventTypeStore } from '../../core/webhooks/ports';
import { conditionally, type ItemMapper, onIndex, putItem, queryAll, str } from './dynamo';
import { EVENT_TYPES_PARTITION, eventTypeKey } from './keys';

/** An event type of the catalogue as stored; older items name it in `event_type`, and may be switched off. */
export interface StoredEventType extends EventTypeDefinition {
  is_active: boolean;
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
  }),
  fromItem: (item) => ({
    name: str(item.name) ?? str(item.event_type) ?? '',
    description: str(item.description) ?? '',
    trigger_type: str(item.trigger_type) ?? 'unknown',
    is_active: item.is_active !== false,
  }),
};

export const dynamoEventTypeStore: EventTypeStore = {
  async list() {
    const items = await queryAll(onIndex('GSI1', EVENT_TYPES_PARTITION));
    return items
      .map(eventTypeItem.fromItem)
      .filter((t) => t.name && t.is_active)
      .map(({ name, description, trigger_type }) => ({ name, description, trigger_type }));
  },
};

/** Stores an event type unless one of that name exists (the seed; never overwrites). True when stored. */
export async function putEventTypeIfMissing(def: EventTypeDefinition): Promise<boolean> {
  return conditionally(
    putItem(eventTypeItem.toItem({ ...def, is_active: true }), { ConditionExpression: 'attribute_not_exists(PK)' }),
  );
}
