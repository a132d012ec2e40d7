import { ServiceUnavailableError } from '../errors';
import { type Listing, type ListingSnapshot, loadListing } from './listing';

/**
 * Where a process gets the marketplace listing (core/apps/listing.ts) from, and how fresh it is.
 *
 * The listing is made once per catalogue version by the listing builder (listing-builder.ts), a
 * job on the sync queue: a request never reads the catalogue to the end. A process holds the
 * newest listing it loaded and checks it against the catalogue version (which it knows within
 * CATALOGUE_VERSION_MAX_AGE_MS). When the catalogue moved on, the first request that notices asks
 * for a build (once per version) and waits for it, reading the pointer item every `pollMs`, at
 * most `waitMs`; concurrent requests share that wait. Past the wait it answers from the listing
 * it has, marked stale (not to be cached), so a slow build never blocks the marketplace.
 */

/** The newest stored listing (adapters/dynamodb/listing-store.ts). */
export interface ListingPointer {
  version: number;
  build: string;
  chunks: number;
  cards: number;
  built_at: string;
}

export interface ListingStore {
  pointer(): Promise<ListingPointer | undefined>;
  /** The snapshot the pointer names; undefined when it is gone (replaced twice since). */
  load(pointer: ListingPointer): Promise<ListingSnapshot | undefined>;
  /** Stores a snapshot and points at it unless a newer one is there; false when it was not needed. */
  save(snapshot: ListingSnapshot): Promise<boolean>;
}

export interface ListingSourceDeps {
  store: Pick<ListingStore, 'pointer' | 'load'>;
  /** The catalogue version as this process knows it (adapters/dynamodb/catalogue-version.ts). */
  catalogueVersion(): Promise<number>;
  /** Asks for the listing of (at least) this version to be built: a job on the sync queue. */
  requestBuild(version: number): Promise<void>;
  waitMs(): number;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  log: { warn(msg: string, fields?: object): void };
}

export interface CurrentListing {
  listing: Listing;
  /** False when the listing is older than the catalogue (its build did not finish within the wait). */
  fresh: boolean;
}

/** A build asked for and not seen after this long is asked for again (a lost or failed job). */
const REQUEST_AGAIN_MS = 30_000;

export function createListingSource(deps: ListingSourceDeps) {
  const pollMs = deps.pollMs ?? 100;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = deps.now ?? Date.now;
  let held: Listing | undefined;
  let refreshing: { target: number; promise: Promise<CurrentListing> } | undefined;
  let requested = { version: -1, at: 0 };

  async function request(version: number): Promise<void> {
    if (requested.version >= version && now() - requested.at < REQUEST_AGAIN_MS) return;
    requested = { version, at: now() };
    await deps.requestBuild(version).catch((err: unknown) => {
      requested = { version: -1, at: 0 };
      deps.log.warn('asking for a marketplace listing build failed', {
        version,
        error: err instanceof Error ? err.message : String(err),
      });
    });
  }

  async function refresh(target: number): Promise<CurrentListing> {
    let pointer = await deps.store.pointer();
    if (!pointer || pointer.version < target) {
      await request(target);
      const deadline = now() + deps.waitMs();
      while ((!pointer || pointer.version < target) && now() < deadline) {
        await sleep(pollMs);
        pointer = await deps.store.pointer();
      }
    }
    if (pointer && (!held || pointer.version > held.version)) {
      const snapshot = await deps.store.load(pointer);
      if (snapshot) held = loadListing(snapshot);
    }
    if (!held) throw new ServiceUnavailableError('The marketplace is being prepared: try again in a moment');
    if (held.version < target) {
      deps.log.warn('answering from an older marketplace listing', { listing: held.version, catalogue: target });
    }
    return { listing: held, fresh: held.version >= target };
  }

  return {
    /** The newest listing this process has, loading or waiting for a newer one when the catalogue moved on. */
    async current(): Promise<CurrentListing> {
      const target = await deps.catalogueVersion();
      if (held && held.version >= target) return { listing: held, fresh: true };
      if (!refreshing || refreshing.target < target) {
        const promise = refresh(target).finally(() => {
          if (refreshing?.promise === promise) refreshing = undefined;
        });
        refreshing = { target, promise };
      }
      return refreshing.promise;
    },
    /** Forgets the held listing (tests). */
    forget(): void {
      held = undefined;
      refreshing = undefined;
      requested = { version: -1, at: 0 };
    },
  };
}

export type ListingSource = ReturnType<typeof createListingSource>;
