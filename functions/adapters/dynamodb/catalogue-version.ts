import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getConfig } from '../../config';
import { documentClient, tableName } from '../aws-clients';
import { updateItem } from './dynamo';
import { CATALOGUE_VERSION_KEY } from './keys';

/**
 * The catalogue version: one counter item (PK=CATALOGUE, SK=VERSION) bumped after every write
 * that can change what the public marketplace shows (apps and categories). The marketplace's
 * in-memory answer cache reuses an answer only while it was computed at the current version.
 *
 * A process does not read the item on every request: it reuses what it learnt for at most
 * CATALOGUE_VERSION_MAX_AGE_MS (default 1 s; CloudFront's s-maxage is longer anyway), so a
 * change made by another process or Lambda shows within that bound, and a change made by this
 * process at once (touchCatalogue forgets the known version). Under load every process reads the
 * item about once a second instead of once per request, which keeps the one item's partition far
 * below its 3,000 reads per second.
 *
 * Every write of an app or category item must be followed by touchCatalogue(); the repositories
 * in this folder do it themselves.
 */

export interface VersionKnowledge {
  /** A version read by a consistent read that started at most maxAgeMs before this call. */
  current(): Promise<number>;
  /** Forgets what is known, so the next call reads again (after a write by this process). */
  forget(): void;
}

/**
 * Bounded-staleness knowledge of a version counter. A value counts as fresh for maxAgeMs after
 * the START of the read that returned it (the read saw every write before that moment).
 * Concurrent callers share one read; a read that started before forget() is not reused. Past
 * half the bound a call still gets the known value but starts a read in the background.
 * maxAgeMs = 0 reads on every call.
 */
export function createVersionKnowledge(
  read: () => Promise<number>,
  opts: { maxAgeMs: () => number; now?: () => number },
): VersionKnowledge {
  const now = opts.now ?? Date.now;
  let known: { value: number; startedAt: number } | undefined;
  let inflight: { value: Promise<number>; startedAt: number } | undefined;
  let generation = 0;

  function startRead(at: number): Promise<number> {
    const gen = generation;
    const value = read().then((v) => {
      if (gen === generation && (!known || known.startedAt <= at)) known = { value: v, startedAt: at };
      return v;
    });
    const entry = { value, startedAt: at };
    inflight = entry;
    const clear = () => {
      if (inflight === entry) inflight = undefined;
    };
    value.then(clear, clear);
    return value;
  }

  return {
    current() {
      const at = now();
      const maxAge = opts.maxAgeMs();
      if (maxAge > 0) {
        if (known && at - known.startedAt < maxAge) {
          // Refresh ahead: past half the bound, read again in the background, so that under steady
          // traffic no request ever waits for the version (the bound itself is unchanged).
          if (at - known.startedAt >= maxAge / 2 && !inflight) startRead(at).catch(() => undefined);
          return Promise.resolve(known.value);
        }
        if (inflight && at - inflight.startedAt < maxAge) return inflight.value;
      }
      return startRead(at);
    },
    forget() {
      generation++;
      known = undefined;
      inflight = undefined;
    },
  };
}

export async function readCatalogueVersion(): Promise<number> {
  const res = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: CATALOGUE_VERSION_KEY,
      ConsistentRead: true,
      ProjectionExpression: 'v',
    }),
  );
  return typeof res.Item?.v === 'number' ? res.Item.v : 0;
}

/** What this process knows of the catalogue version (see the top of this file). */
export const catalogueVersion = createVersionKnowledge(readCatalogueVersion, {
  maxAgeMs: () => getConfig().CATALOGUE_VERSION_MAX_AGE_MS,
});

export async function touchCatalogue(): Promise<void> {
  await updateItem(CATALOGUE_VERSION_KEY, {
    UpdateExpression: 'ADD v :one SET updated_at = :now',
    ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString() },
  });
  catalogueVersion.forget();
}
