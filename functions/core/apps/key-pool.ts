/**
 * The licence-key pool of an app (licensing_type key_pool). Every key is its own item so a
 * purchase can claim one atomically (a conditional update by the checkout code); the developer's
 * edits only ever add keys or withdraw keys that are still available.
 */
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
  /** Every key (available and assigned) in the order it was added. */
  listKeys(appId: string): Promise<PoolKey[]>;
  countAvailable(appId: string): Promise<number>;
  /** Removes the whole pool (the app is being deleted). */
  deleteAll(appId: string): Promise<number>;
}

export function poolSummary(keys: readonly PoolKey[]): { available: number; assigned: number } {
  let available = 0;
  for (const k of keys) if (k.status === 'available') available++;
  return { available, assigned: keys.length - available };
}
