/**
 * The events a webhook can subscribe to: only what the platform can emit. Two sources:
 * - `platform`: the marketplace's own events (licences), emitted by the purchases core;
 * - `internal_catalogue`: the practice events of the internal system's catalogue, stored by the
 *   internal sync (core/sync/catalogue-sync.ts) and emitted when the legacy system reports one.
 * A type that is in neither is not offered, and a webhook on such a type is shown as such to its
 * owner (`event_type_available: false`).
 */

export const EVENT_TYPE_SOURCES = ['platform', 'internal_catalogue'] as const;
export type EventTypeSource = (typeof EVENT_TYPE_SOURCES)[number];

export interface EventTypeDefinition {
  name: string;
  description: string;
  /** What makes the event fire, as the internal system's event types describe it ('marketplace' here). */
  trigger_type: string;
}

/** The platform's own events (a neighbour's install.* types go beside these). */
export const PLATFORM_EVENT_TYPES: readonly EventTypeDefinition[] = [
  { name: 'license.purchased', description: 'A licence for one of your apps was bought', trigger_type: 'marketplace' },
  { name: 'license.revoked', description: 'A licence for one of your apps was revoked', trigger_type: 'marketplace' },
  { name: 'install.created', description: 'A practice installed one of your apps', trigger_type: 'marketplace' },
  {
    name: 'install.updated',
    description: "A practice granted one of your apps' permissions",
    trigger_type: 'marketplace',
  },
  { name: 'install.revoked', description: "A practice revoked one of your apps' access", trigger_type: 'marketplace' },
];

/** The emittable types, each with its source, in name order: the platform's, then the synced catalogue's. */
export function emittableEventTypes<T extends { name: string }>(
  platform: readonly T[],
  synced: readonly T[],
): Array<T & { source: EventTypeSource }> {
  const byName = new Map<string, T & { source: EventTypeSource }>();
  for (const e of platform) byName.set(e.name, { ...e, source: 'platform' });
  for (const e of synced) if (!byName.has(e.name)) byName.set(e.name, { ...e, source: 'internal_catalogue' });
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Names of the emittable types, in name order, given the synced catalogue's. */
export function catalogueNames(synced: readonly { name: string }[]): string[] {
  return emittableEventTypes(PLATFORM_EVENT_TYPES, synced).map((e) => e.name);
}
