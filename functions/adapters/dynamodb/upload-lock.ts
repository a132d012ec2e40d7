/**
 * A short lease on one app's uploads (PK=APP#<id>, SK=UPLOADLOCK), taken by a conditional put, so
 * counting an app's stored screenshots and storing new ones happen one request at a time: parallel
 * confirms cannot each see room for one more and together exceed the limit. A lease whose holder
 * died expires after LEASE_MS; the item also carries a TTL.
 */
import { randomUUID } from 'node:crypto';
import { ConflictError } from '../../core/errors';
import type { AppUploadLock, UploadClaims } from '../../core/uploads/ports';
import { PENDING_UPLOAD_TTL_SECONDS } from '../../core/uploads/upload-keys';
import { errorField, logger } from '../../http/logger';
import { outsideInvocation } from '../../platform/invocation';
import { cancelledAt, conditionally, deleteItem, isConditionFailure, putItem, transact, tx } from './dynamo';
import { uploadClaimKey, uploadLockKey } from './keys';

const LEASE_MS = 30_000;
/** How long a request waits for another upload to the same app before it gives up (409). */
const WAIT_MS = 10_000;
export const UPLOAD_BUSY = 'Another upload to this app is being saved. Please try again.';

async function take(appId: string, token: string): Promise<boolean> {
  const now = Date.now();
  return conditionally(
    putItem(
      {
        ...uploadLockKey(appId),
        entity: 'UploadLock',
        token,
        lease_until: now + LEASE_MS,
        ttl: Math.ceil((now + LEASE_MS) / 1000) + 3600,
      },
      {
        ConditionExpression: 'attribute_not_exists(PK) OR lease_until < :now',
        ExpressionAttributeValues: { ':now': now },
      },
    ),
  );
}

async function release(appId: string, token: string): Promise<void> {
  try {
    await deleteItem(uploadLockKey(appId), {
      ConditionExpression: '#token = :token',
      ExpressionAttributeNames: { '#token': 'token' },
      ExpressionAttributeValues: { ':token': token },
    });
  } catch (err) {
    // Our lease ran out and another request holds it now: it is theirs to release.
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * Takes the lease; when the put gets no answer (a timeout), it may still have been written, and the
 * retry the 503 invites would then wait for a lease nobody holds and get 409 for up to LEASE_MS.
 * So what may be ours is given back first, by token (never another request's lease), outside this
 * request's breaker, which the timeout has just opened (resilience.ts): one attempt, its failure
 * logged, the lease's own expiry the fallback.
 */
async function takeOrGiveBack(appId: string, token: string): Promise<boolean> {
  try {
    return await take(appId, token);
  } catch (error) {
    await outsideInvocation(() => release(appId, token)).catch((err: unknown) =>
      logger.warn('upload lease of an unanswered put not given back', {
        appId,
        error: errorField(err),
      }),
    );
    throw error;
  }
}

export const dynamoAppUploadLock: AppUploadLock = {
  async withApp(appId, fn) {
    const token = randomUUID();
    const deadline = Date.now() + WAIT_MS;
    while (!(await takeOrGiveBack(appId, token))) {
      if (Date.now() > deadline) throw new ConflictError(UPLOAD_BUSY);
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 60));
    }
    let outcome: { done: true; value: Awaited<ReturnType<typeof fn>> } | { done: false; error: unknown };
    try {
      outcome = { done: true, value: await fn() };
    } catch (error) {
      outcome = { done: false, error };
    }
    try {
      await release(appId, token);
    } catch (err) {
      // The lease runs out on its own (LEASE_MS). A release that did not get through (a slow
      // table) must not turn images already stored into a 503, whose retry would then find the
      // app's screenshot slots taken, nor hide the work's own error.
      logger.warn('upload lease not released', {
        appId,
        error: errorField(err),
      });
    }
    if (!outcome.done) throw outcome.error;
    return outcome.value;
  },
};

/**
 * Claims of pending uploads (PK=UPLOADCLAIM#<pending key>): one transaction of conditional puts, so
 * of parallel confirms of one presigned upload exactly one may store it; the others find it claimed.
 * A claim outlives the pending upload (a day) and then expires (TTL).
 */
export const dynamoUploadClaims: UploadClaims = {
  async claim(keys) {
    if (keys.length === 0) return true;
    const now = Date.now();
    const ttl = Math.ceil(now / 1000) + PENDING_UPLOAD_TTL_SECONDS + 3600;
    try {
      await transact(
        keys.map((key) =>
          tx.putNew({ ...uploadClaimKey(key), entity: 'UploadClaim', claimed_at: new Date(now).toISOString(), ttl }),
        ),
        0,
      );
      return true;
    } catch (err) {
      if (cancelledAt(err).length > 0) return false;
      throw err;
    }
  },
};
