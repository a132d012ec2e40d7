/**
 * The marketplace listing (core/apps/listing.ts): its source in the functions that answer the
 * public lists (marketplace, storefront), and its builder in the sync worker, which runs the
 * builds the source asks for on the sync queue (wiring/sync-queue.ts; locally the in-process queue
 * the local server consumes). One listing per catalogue version, kept in the table
 * (adapters/dynamodb/listing-store.ts).
 */
import { readAllMarketCards } from '../adapters/dynamodb/apps-repo';
import { catalogueVersion, readCatalogueVersion } from '../adapters/dynamodb/catalogue-version';
import { listCategoryRecords } from '../adapters/dynamodb/categories-repo';
import { dynamoListingReader, dynamoListingStore } from '../adapters/dynamodb/listing-store';
import { getConfig } from '../config';
import { createListingBuilder } from '../core/apps/listing-builder';
import { createListingSource } from '../core/apps/listing-source';
import { logger } from '../http/logger';
import { lazyService } from './lazy';
import { jobQueue } from './sync-queue';

/** This process's listing: loaded once per catalogue version, waited for after a change. */
export const listingSource = /* @__PURE__ */ lazyService(
  () =>
    createListingSource({
      store: dynamoListingReader,
      catalogueVersion: () => catalogueVersion.current(),
      requestBuild: (version) => jobQueue.send({ kind: 'listing', version }),
      waitMs: () => getConfig().CATALOGUE_LISTING_WAIT_MS,
      log: logger,
    }),
  { once: true },
);

/** The sync worker's job `listing`: reads the eligible apps to the end, once per catalogue version. */
export const listingBuilder = /* @__PURE__ */ lazyService(() => {
  return createListingBuilder({
    catalogueVersion: readCatalogueVersion,
    eligibleCards: readAllMarketCards,
    categories: listCategoryRecords,
    store: dynamoListingStore,
    log: logger,
  });
});
