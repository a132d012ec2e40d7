/**
 * Seeds the webhook event catalogue (functions/core/webhooks/event-catalogue.ts). Idempotent: it
 * only adds event types that are missing and never changes a stored one (the internal sync may
 * have refined it).
 */
import { putEventTypeIfMissing } from '../../functions/adapters/dynamodb/event-types-repo';
import { DENTAL_EVENT_TYPES } from '../../functions/core/webhooks/event-catalogue';

export async function seedEventTypes(): Promise<number> {
  const stored = await Promise.all(DENTAL_EVENT_TYPES.map((def) => putEventTypeIfMissing(def)));
  return stored.filter(Boolean).length;
}
