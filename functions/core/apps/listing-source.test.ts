import { describe, expect, it, vi } from 'vitest';
import type { ListingSnapshot } from './listing';
import { createListingBuilder } from './listing-builder';
import { createListingSource, type ListingPointer, type ListingStore } from './listing-source';
import { appRecord, categoryRecord } from './testing';

/** A listing store in memory: the pointer and the snapshots it names. */
function memoryStore() {
  const snapshots = new Map<string, ListingSnapshot>();
  let pointer: ListingPointer | undefined;
  let builds = 0;
  const store: ListingStore = {
    pointer: async () => pointer,
    load: async (p) => snapshots.get(p.build),
    save: async (s) => {
      if (pointer && pointer.version >= s.version) return false;
      const build = `b${++builds}`;
      snapshots.set(build, s);
      pointer = { version: s.version, build, chunks: 1, cards: s.cards.length, built_at: s.built_at };
      return true;
    },
  };
  return { store, saves: () => builds };
}

function setup() {
  const mem = memoryStore();
  const catalogue = { version: 1 };
  const apps = [appRecord({ id: '1', name: 'One', category_slug: 'a' })];
  const read = vi.fn(async () => apps);
  const log = { info() {}, warn: vi.fn() };
  const builder = createListingBuilder({
    catalogueVersion: async () => catalogue.version,
    eligibleCards: read,
    categories: async () => [categoryRecord('a', 'Alpha')],
    store: mem.store,
    log,
  });
  const queued: number[] = [];
  let clock = 0;
  const source = createListingSource({
    store: mem.store,
    catalogueVersion: async () => catalogue.version,
    requestBuild: async (v) => {
      queued.push(v);
      // The worker runs the job a moment later.
      setTimeout(() => void builder.build(), 0);
    },
    waitMs: () => 1_000,
    pollMs: 1,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    now: () => clock++,
    log,
  });
  return { source, builder, catalogue, apps, read, queued, mem, log };
}

describe('the listing source', () => {
  it('asks for one build per catalogue version, shares the wait, and reads nothing while the version holds', async () => {
    const s = setup();
    const [a, b] = await Promise.all([s.source.current(), s.source.current()]);
    expect(a.listing).toBe(b.listing);
    expect(a.fresh).toBe(true);
    expect(s.queued).toEqual([1]);
    expect(s.read).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 5; i++) await s.source.current();
    expect(s.read).toHaveBeenCalledTimes(1);
    expect(s.queued).toEqual([1]);

    s.catalogue.version = 2;
    s.apps.push(appRecord({ id: '2', name: 'Two', category_slug: 'a' }));
    const after = await s.source.current();
    expect(after.listing.version).toBe(2);
    expect(after.listing.size).toBe(2);
    expect(s.read).toHaveBeenCalledTimes(2);
  });

  it('a build asked for a version already built reads nothing', async () => {
    const s = setup();
    await s.builder.build();
    expect(await s.builder.build()).toEqual({ built: false, version: 1 });
    expect(s.read).toHaveBeenCalledTimes(1);
  });

  it('answers from the older listing, marked not fresh, when the build does not come in time', async () => {
    const s = setup();
    await s.source.current();
    s.catalogue.version = 5;
    const slow = createListingSource({
      store: s.mem.store,
      catalogueVersion: async () => s.catalogue.version,
      requestBuild: async () => {},
      waitMs: () => 3,
      pollMs: 1,
      sleep: async () => {},
      log: s.log,
    });
    const answer = await slow.current();
    expect(answer).toMatchObject({ fresh: false });
    expect(answer.listing.version).toBe(1);
  });
});
