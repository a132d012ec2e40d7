import { randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ListingSnapshot } from '../../core/apps/listing';
import type { ListingPointer, ListingStore } from '../../core/apps/listing-source';
import { deleteItem, getItem, type ItemMapper, isConditionFailure, num, putItem, str, updateItem } from './dynamo';
import { listingKeys } from './keys';

/**
 * The marketplace listing in the table (core/apps/listing.ts says what it is), made once per
 * catalogue version by the listing builder (core/apps/listing-builder.ts, run by the sync worker).
 *
 * | item    | PK                          | SK          | holds                                              |
 * |---------|-----------------------------|-------------|----------------------------------------------------|
 * | pointer | LISTING                     | CURRENT     | version, build, chunks, cards, built_at; previous  |
 * | chunk   | LISTING#<version>#<build>   | CHUNK#<nnnn>| data: part of the gzipped JSON snapshot (≤ 350 KB) |
 *
 * A reader reads the pointer (one GetItem) and, when it holds an older listing, the pointer's
 * chunks (one GetItem each: ~5 at 10,000 apps), never a Query to the end of anything. The builder
 * writes the chunks under a partition of its own (a build id, so two builders of one version
 * never mix their chunks), then moves the pointer forward with a condition (never back), and
 * deletes the chunks of the listing before the previous one: at most two listings (and a build in
 * flight) are stored at any time, so nothing grows with the number of catalogue changes. A reader
 * that still loads the previous listing finds its chunks.
 */

/** Bytes of gzipped snapshot per chunk item (an item holds at most 400 KB). */
const CHUNK_BYTES = 350_000;

type StoredPointer = ListingPointer & { previous?: { version: number; build: string; chunks: number } };

export const listingPointerItem: ItemMapper<StoredPointer> = {
  toItem: (p) => ({
    ...listingKeys.pointer,
    entity: 'ListingPointer',
    version: p.version,
    build: p.build,
    chunks: p.chunks,
    cards: p.cards,
    built_at: p.built_at,
    ...(p.previous ? { previous: p.previous } : {}),
  }),
  fromItem: (item) => {
    const previous = item.previous as Record<string, unknown> | undefined;
    return {
      version: num(item.version) ?? 0,
      build: str(item.build) ?? '',
      chunks: num(item.chunks) ?? 0,
      cards: num(item.cards) ?? 0,
      built_at: str(item.built_at) ?? '',
      ...(previous && str(previous.build)
        ? {
            previous: {
              version: num(previous.version) ?? 0,
              build: str(previous.build) ?? '',
              chunks: num(previous.chunks) ?? 0,
            },
          }
        : {}),
    };
  },
};

interface ListingChunk {
  version: number;
  build: string;
  part: number;
  data: Uint8Array;
}

export const listingChunkItem: ItemMapper<ListingChunk> = {
  toItem: (c) => ({
    ...listingKeys.chunk(c.version, c.build, c.part),
    entity: 'ListingChunk',
    version: c.version,
    build: c.build,
    part: c.part,
    data: c.data,
  }),
  fromItem: (item) => ({
    version: num(item.version) ?? 0,
    build: str(item.build) ?? '',
    part: num(item.part) ?? 0,
    data: item.data instanceof Uint8Array ? item.data : new Uint8Array(),
  }),
};

async function deleteChunks(version: number, build: string, chunks: number): Promise<void> {
  await Promise.all(Array.from({ length: chunks }, (_, part) => deleteItem(listingKeys.chunk(version, build, part))));
}

/** What a reader of the listing uses (the marketplace and storefront functions): two reads, no writes. */
async function readPointer(): Promise<ListingPointer | undefined> {
  const item = await getItem(listingKeys.pointer);
  return item ? listingPointerItem.fromItem(item) : undefined;
}

export const dynamoListingReader: Pick<ListingStore, 'pointer' | 'load'> = {
  pointer: readPointer,
  load: loadSnapshot,
};

async function loadSnapshot(pointer: ListingPointer): Promise<ListingSnapshot | undefined> {
  const items = await Promise.all(
    Array.from({ length: pointer.chunks }, (_, part) =>
      getItem(listingKeys.chunk(pointer.version, pointer.build, part)),
    ),
  );
  // A chunk gone: a newer listing replaced this one twice meanwhile; the caller reads the pointer again.
  if (items.some((i) => !i)) return undefined;
  const data = Buffer.concat(items.map((i) => listingChunkItem.fromItem(i as Record<string, unknown>).data));
  return JSON.parse(gunzipSync(data).toString('utf8')) as ListingSnapshot;
}

/** The listing builder's store: the reads and the write of a new listing. */
export const dynamoListingStore: ListingStore = {
  pointer: readPointer,
  load: loadSnapshot,

  async save(snapshot) {
    const build = randomUUID().slice(0, 8);
    const gz = gzipSync(JSON.stringify(snapshot));
    const chunks = Math.max(1, Math.ceil(gz.length / CHUNK_BYTES));
    await Promise.all(
      Array.from({ length: chunks }, (_, part) =>
        putItem(
          listingChunkItem.toItem({
            version: snapshot.version,
            build,
            part,
            data: gz.subarray(part * CHUNK_BYTES, (part + 1) * CHUNK_BYTES),
          }),
        ),
      ),
    );
    const next: ListingPointer = {
      version: snapshot.version,
      build,
      chunks,
      cards: snapshot.cards.length,
      built_at: snapshot.built_at,
    };
    const { PK: _pk, SK: _sk, ...fields } = listingPointerItem.toItem(next);
    let old: StoredPointer | undefined;
    try {
      const res = await updateItem(listingKeys.pointer, {
        UpdateExpression: `SET ${Object.keys(fields)
          .map((f) => `#${f} = :${f}`)
          .join(', ')} REMOVE #previous`,
        ConditionExpression: 'attribute_not_exists(#version) OR #version < :version',
        ExpressionAttributeNames: {
          ...Object.fromEntries(Object.keys(fields).map((f) => [`#${f}`, f])),
          '#previous': 'previous',
        },
        ExpressionAttributeValues: Object.fromEntries(Object.entries(fields).map(([f, v]) => [`:${f}`, v])),
        ReturnValues: 'ALL_OLD',
      });
      old = res.Attributes ? listingPointerItem.fromItem(res.Attributes) : undefined;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      // A listing of this version or a newer one is there already: this build is not needed.
      await deleteChunks(snapshot.version, build, chunks);
      return false;
    }
    if (old) {
      // The pointer's previous is the listing it replaced; the one before that goes.
      await updateItem(listingKeys.pointer, {
        UpdateExpression: 'SET #previous = :previous',
        ConditionExpression: '#build = :build',
        ExpressionAttributeNames: { '#previous': 'previous', '#build': 'build' },
        ExpressionAttributeValues: {
          ':previous': { version: old.version, build: old.build, chunks: old.chunks },
          ':build': build,
        },
      }).catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
      if (old.previous) await deleteChunks(old.previous.version, old.previous.build, old.previous.chunks);
    }
    return true;
  },
};
