/**
 * The catalogue holds at most CATALOGUE_CAPACITY items of a kind (removed ones included), so every
 * read of it is bounded: a source listing more is refused before anything is written, and removed
 * items make room for live ones.
 */

import type { InternalTable } from '@shared/schemas/outside-systems';
import { describe, expect, it } from 'vitest';
import { syncCatalogue } from './catalogue-sync';
import {
  CATALOGUE_CAPACITY,
  type CatalogueKind,
  type CatalogueSnapshot,
  type CatalogueStore,
  type InternalSystem,
  OutsideSystemError,
  type StoredCatalogueItem,
} from './ports';

function memoryStore() {
  const items = new Map<CatalogueKind, Map<string, StoredCatalogueItem>>();
  const of = (kind: CatalogueKind) => items.get(kind) ?? items.set(kind, new Map()).get(kind) ?? new Map();
  const store: CatalogueStore = {
    async list(kind) {
      return [...of(kind).values()];
    },
    async put(kind, list) {
      for (const i of list) of(kind).set(i.id, i);
    },
    async drop(kind, ids) {
      for (const id of ids) of(kind).delete(id);
    },
    async setCounts() {},
  };
  return { store, of };
}

const table = (name: string): InternalTable => ({
  name,
  column_count: 1,
  columns: ['id'],
  primary_key: 'id',
  summary: `${name} table`,
});
const tables = (n: number, prefix = 't') =>
  Array.from({ length: n }, (_, i) => table(`${prefix}${String(i).padStart(5, '0')}`));

function source(list: InternalTable[]): InternalSystem {
  return {
    fetch: async <K extends CatalogueKind>(kind: K) => (kind === 'tables' ? list : []) as CatalogueSnapshot[K],
    ping: async () => 1,
    unconfigured: () => undefined,
  };
}

describe('catalogue capacity', () => {
  const cap = CATALOGUE_CAPACITY.tables;

  it('refuses a source that lists more items than the catalogue holds, and writes nothing', async () => {
    const { store, of } = memoryStore();
    await syncCatalogue(['tables'], { internal: source(tables(3)), store });
    const run = syncCatalogue(['tables'], { internal: source(tables(cap + 1)), store });
    await expect(run).rejects.toThrow(OutsideSystemError);
    await expect(run).rejects.toThrow(`Internal system sent ${cap + 1} tables: the catalogue holds at most ${cap}`);
    expect(of('tables').size).toBe(3);
  });

  it('keeps removed items while there is room and drops them when live ones need it', async () => {
    const { store, of } = memoryStore();
    await syncCatalogue(['tables'], { internal: source(tables(10, 'old')), store });
    // All ten vanish from the source: kept, marked removed.
    const first = await syncCatalogue(['tables'], { internal: source(tables(5, 'new')), store });
    expect(first).toMatchObject({ created: 5, removed: 10 });
    expect([...of('tables').values()].filter((t) => t.removed)).toHaveLength(10);
    // A full source: only cap items stay, every live one among them, removed ones dropped to make room.
    await syncCatalogue(['tables'], { internal: source(tables(cap - 4, 'new')), store });
    expect(of('tables').size).toBe(cap);
    expect([...of('tables').values()].filter((t) => !t.removed)).toHaveLength(cap - 4);
    expect([...of('tables').values()].filter((t) => t.removed)).toHaveLength(4);
  });
});
