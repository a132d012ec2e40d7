import type { CategoryRecord } from '../categories/category';
import type { AppCardRecord } from './app';
import { snapshotOf } from './listing';
import type { ListingStore } from './listing-source';

export interface ListingBuilderDeps {
  /** The catalogue version, read consistently (before the apps, so the listing holds every change up to it). */
  catalogueVersion(): Promise<number>;
  /** Every marketplace-eligible app, card fields only: the MARKET index read to its end (a worker's read). */
  eligibleCards(): Promise<AppCardRecord[]>;
  categories(): Promise<CategoryRecord[]>;
  store: Pick<ListingStore, 'pointer' | 'save'>;
  now?: () => string;
  log: { info(msg: string, fields?: object): void };
}

/**
 * Makes the marketplace listing of the current catalogue version (core/apps/listing.ts), once: a
 * job asked for a version that is built already (another process asked too, or a newer version
 * was built meanwhile) reads two items and ends. Run by the sync worker (the sync queue's job
 * `listing`), never inside a request.
 */
export function createListingBuilder(deps: ListingBuilderDeps) {
  const now = deps.now ?? (() => new Date().toISOString());
  return {
    async build(): Promise<{ built: boolean; version: number; cards?: number }> {
      const version = await deps.catalogueVersion();
      const pointer = await deps.store.pointer();
      if (pointer && pointer.version >= version) return { built: false, version: pointer.version };
      const started = Date.now();
      const [eligible, categories] = await Promise.all([deps.eligibleCards(), deps.categories()]);
      const snapshot = snapshotOf(eligible, categories, version, now());
      const built = await deps.store.save(snapshot);
      deps.log.info('marketplace listing built', {
        version,
        cards: snapshot.cards.length,
        ms: Date.now() - started,
        stored: built,
      });
      return { built, version, cards: snapshot.cards.length };
    },
  };
}

export type ListingBuilder = ReturnType<typeof createListingBuilder>;
