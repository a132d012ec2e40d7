/**
 * The licence-key pool of an app (licensing_type key_pool). Every key is its own item so a
 * purchase can claim one atomically (a conditional update by the checkout code); the developer's
 * edits only ever add keys or withdraw keys that are still available.
 */
import type { Log } from '../users/ports';

export type PoolKeyStatus = 'available' | 'assigned';

export interface PoolKey {
  key: string;
  status: PoolKeyStatus;
}

/** Storage of pool keys, implemented in functions/adapters/dynamodb/key-pool-repo.ts. */
export interface KeyPoolPort {
  /** Adds keys as available, in the given order; keys already in the pool are left as they are. */
  addKeys(appId: string, keys: readonly string[]): Promise<number>;
  /**
   * Makes the pool match the developer's list: adds new keys, withdraws AVAILABLE keys no longer
   * listed. Assigned keys are never touched, listed or not.
   */
  syncAvailableKeys(appId: string, keys: readonly string[]): Promise<{ added: number; removed: number }>;
  /**
   * The pool as the developer sees it, from bounded reads: every available key (a save carries at
   * most the save limit) and assigned keys up to a cap, in the order they were added; `assigned`
   * counts every assigned key.
   */
  listKeys(appId: string): Promise<PoolView>;
  countAvailable(appId: string): Promise<number>;
  /**
   * Removes the whole pool (the app is being deleted): asked for here, done in pages after the
   * request (the sync worker's `delete-pool` job, core/apps/catalogue-jobs.ts).
   */
  deleteAll(appId: string): Promise<void>;
}

/** What the edit view shows of a pool: keys (assigned ones possibly not all) and the count of assigned keys. */
export interface PoolView {
  keys: PoolKey[];
  assigned: number;
}

/** Available and assigned keys of a pool; `assignedTotal` (a counter) wins when the keys shown are fewer. */
export function poolSummary(keys: readonly PoolKey[], assignedTotal = 0): { available: number; assigned: number } {
  let available = 0;
  for (const k of keys) if (k.status === 'available') available++;
  return { available, assigned: Math.max(keys.length - available, assignedTotal) };
}

/**
 * New pool keys first serve buyers who paid while the pool was empty (out_of_stock), oldest first:
 * the pool, wrapped so that every save that added keys asks for a refill (the fulfilment worker
 * serves the waiting buyers, so the developer's save answers at once). A refill that cannot be
 * asked for is logged and never fails the save (the next added key asks again).
 */
export function servingWaitingBuyers(
  pool: KeyPoolPort,
  deps: { refill(appId: string): Promise<void>; log: Pick<Log, 'error'> },
): KeyPoolPort {
  const serve = async (appId: string): Promise<void> => {
    try {
      await deps.refill(appId);
    } catch (err) {
      deps.log.error('serving waiting buyers not queued', { app_id: appId, error: (err as Error).message });
    }
  };
  return {
    ...pool,
    addKeys: async (appId, keys) => {
      const added = await pool.addKeys(appId, keys);
      if (added > 0) await serve(appId);
      return added;
    },
    syncAvailableKeys: async (appId, keys) => {
      const result = await pool.syncAvailableKeys(appId, keys);
      if (result.added > 0) await serve(appId);
      return result;
    },
  };
}
