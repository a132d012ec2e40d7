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
import { conditionally, onIndex, putItem, queryAll, str } from './dynamo';
import { EVENT_TYPES_PARTITION, eventTypeKey } from './keys';

export const dynamoEventTypeStore: EventTypeStore = {
  async list() {
    const items = await queryAll(onIndex('GSI1', EVENT_TYPES_PARTITION));
    const out: EventTypeDefinition[] = [];
    for (const item of items) {
      const name = str(item.name) ?? str(item.event_type);
      if (!name || item.is_active === false) continue;
      out.push({ name, description: str(item.description) ?? '', trigger_type: str(item.trigger_type) ?? 'unknown' });
    }
    return out;
  },
};

/** Stores an event type unless one of that name exists (the seed; never overwrites). True when stored. */
export async function putEventTypeIfMissing(def: EventTypeDefinition): Promise<boolean> {
  return conditionally(
    putItem(
      {
        ...eventTypeKey(def.name),
        GSI1PK: EVENT_TYPES_PARTITION,
        GSI1SK: def.name,
        entity: 'EventType',
        id: def.name,
        name: def.name,
        description: def.description,
        trigger_type: def.trigger_type,
        is_active: true,
      },
      { ConditionExpression: 'attribute_not_exists(PK)' },
    ),
  );
}
