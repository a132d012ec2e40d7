/**
 * Loading the internal system's catalogue into the table, idempotently:
 * 1. fetch and validate everything the run covers BEFORE writing anything, and check that what
 *    references something (features -> tables/event types, relationships -> tables) points at an
 *    item that exists, so a fault leaves the data of before the run intact;
 * 2. compare with what is stored: new -> created, different -> updated, same -> unchanged,
 *    stored but gone from the source -> marked removed (kept, so saved links stay explainable);
 * 3. write only what changed. A second run with the same data writes nothing.
 * A kind holds at most CATALOGUE_CAPACITY items, removed ones included: a source listing more is
 * refused before anything is written, and removed items are dropped (for good) when the live ones
 * need their room, so every read of the catalogue stays bounded.
 */
import type { SyncType } from '@shared/schemas/sync';
import { sortedValue } from '@shared/sorted-value';
import {
  CATALOGUE_CAPACITY,
  type CatalogueKind,
  type CatalogueSnapshot,
  type CatalogueStore,
  type InternalSystem,
  OutsideSystemError,
} from './ports';

export const KINDS_OF: Record<Exclude<SyncType, 'legacy_users' | 'legacy_events'>, CatalogueKind[]> = {
  internal_features: ['features'],
  internal_events: ['event_types'],
  internal_tables: ['tables'],
  internal_relationships: ['relationships'],
  full_sync: ['tables', 'relationships', 'event_types', 'features'],
};

const VERB: Record<string, string> = { created: 'was created', updated: 'was changed', deleted: 'was deleted' };

/** The webhook catalogue's description of an internal event type, e.g. "An appointment was created". */
export function describeEventType(name: string, triggerType: string): string {
  const [table = '', verb = ''] = name.split('.');
  const article = /^[aeiou]/.test(table) ? 'An' : 'A';
  if (triggerType === 'ui' || verb === 'selected') return `${article} ${table} was ${verb} in the practice system`;
  return `${article} ${table} record ${VERB[verb] ?? `was ${verb}`} in the practice system`;
}

/** Source items as stored fields, keyed by id. */
function toStored(kind: CatalogueKind, snap: Partial<CatalogueSnapshot>): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const add = (id: string, data: Record<string, unknown>) => {
    if (out.has(id)) throw new OutsideSystemError(`Internal system listed ${kind} "${id}" twice`);
    out.set(id, data);
  };
  if (kind === 'features') for (const f of snap.features ?? []) add(f.id, { ...f });
  if (kind === 'event_types') {
    for (const e of snap.event_types ?? []) {
      add(e.name, { ...e, description: describeEventType(e.name, e.trigger_type) });
    }
  }
  if (kind === 'tables') for (const t of snap.tables ?? []) add(t.name, { ...t });
  if (kind === 'relationships') {
    for (const r of snap.relationships ?? []) add(`${r.from_table}.${r.column}`, { ...r });
  }
  return out;
}

/** Key-order independent equality of stored fields. */
function same(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return JSON.stringify(sortedValue(a)) === JSON.stringify(sortedValue(b));
}

export interface CatalogueCounts {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
  [kind: string]: number;
}

export async function syncCatalogue(
  kinds: CatalogueKind[],
  deps: { internal: InternalSystem; store: CatalogueStore; now?: () => Date },
): Promise<CatalogueCounts> {
  // 1. Everything fetched and validated first.
  const snap: Partial<CatalogueSnapshot> = {};
  for (const kind of kinds) (snap as Record<string, unknown>)[kind] = await deps.internal.fetch(kind);
  const desired = new Map(kinds.map((k) => [k, toStored(k, snap)] as const));
  for (const [kind, want] of desired) {
    const cap = CATALOGUE_CAPACITY[kind];
    if (want.size > cap) {
      throw new OutsideSystemError(
        `Internal system sent ${want.size} ${kind.replace('_', ' ')}: the catalogue holds at most ${cap}`,
      );
    }
  }

  // References must resolve, against the fetched list or (when not fetched in this run) the stored one.
  const known = async (kind: CatalogueKind): Promise<Set<string>> => {
    const fetched = desired.get(kind);
    if (fetched) return new Set(fetched.keys());
    return new Set((await deps.store.list(kind)).filter((i) => !i.removed).map((i) => i.id));
  };
  if (snap.features && kinds.length > 1) {
    const tables = await known('tables');
    const events = await known('event_types');
    for (const f of snap.features) {
      const t = f.tables.find((x) => !tables.has(x));
      if (t) throw new OutsideSystemError(`Internal system feature "${f.id}" names an unknown table "${t}"`);
      const e = f.event_types.find((x) => !events.has(x));
      if (e) throw new OutsideSystemError(`Internal system feature "${f.id}" names an unknown event type "${e}"`);
    }
  }
  if (snap.relationships && snap.tables) {
    const tables = new Set(snap.tables.map((t) => t.name));
    const bad = snap.relationships.find((r) => !tables.has(r.from_table) || !tables.has(r.to_table));
    if (bad) {
      throw new OutsideSystemError(
        `Internal system relationship ${bad.from_table}.${bad.column} -> ${bad.to_table} names an unknown table`,
      );
    }
  }

  // 2. Compare.
  const counts: CatalogueCounts = { created: 0, updated: 0, unchanged: 0, removed: 0 };
  const writes: Array<[CatalogueKind, Array<{ id: string; data: Record<string, unknown>; removed: boolean }>]> = [];
  const drops: Array<[CatalogueKind, string[]]> = [];
  for (const [kind, want] of desired) {
    counts[kind] = want.size;
    const stored = new Map((await deps.store.list(kind)).map((i) => [i.id, i] as const));
    const puts: Array<{ id: string; data: Record<string, unknown>; removed: boolean }> = [];
    for (const [id, data] of want) {
      const have = stored.get(id);
      if (!have) {
        counts.created++;
        puts.push({ id, data, removed: false });
      } else if (have.removed || !same(have.data, data)) {
        counts.updated++;
        puts.push({ id, data, removed: false });
      } else counts.unchanged++;
    }
    const gone: Array<{ id: string; data: Record<string, unknown>; removed: boolean }> = [];
    for (const [id, have] of stored) {
      if (want.has(id)) continue;
      if (!have.removed) counts.removed++;
      gone.push({ id, data: have.data, removed: true });
    }
    // Removed items stay while there is room; past the capacity the first by id are dropped (the store
    // keeps no removal date); links saved to them stop resolving, as links to any removed item do.
    const room = CATALOGUE_CAPACITY[kind] - want.size;
    const kept = [...gone].sort((a, b) => a.id.localeCompare(b.id)).slice(Math.max(0, gone.length - room));
    const keptIds = new Set(kept.map((g) => g.id));
    drops.push([kind, gone.filter((g) => !keptIds.has(g.id)).map((g) => g.id)]);
    for (const g of kept) if (!stored.get(g.id)?.removed) puts.push(g);
    writes.push([kind, puts]);
  }

  // 3. Write what changed.
  const at = (deps.now?.() ?? new Date()).toISOString();
  for (const [kind, ids] of drops) if (ids.length) await deps.store.drop(kind, ids);
  for (const [kind, puts] of writes) if (puts.length) await deps.store.put(kind, puts, at);
  // The live counts status shows, kept on one item so status never counts the catalogue; with the
  // features, their categories (the category filter lists them without reading every feature).
  const features = desired.get('features');
  const categories = features
    ? [...new Set([...features.values()].map((d) => String(d.category ?? '')))].filter(Boolean).sort()
    : undefined;
  await deps.store.setCounts(Object.fromEntries([...desired].map(([kind, want]) => [kind, want.size])), categories);
  return counts;
}
