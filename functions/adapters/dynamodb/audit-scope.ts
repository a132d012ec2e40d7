/**
 * The audit entry a request's change must carry (issue 30: "the entry written with the change").
 * The group handler opens a scope around an audited route's endpoint; the first write the request
 * makes through dynamo.ts (putItem, updateItem, deleteItem, transact, transactOrCancellationCodes)
 * carries the entry's item in the same TransactWriteItems, so the change and its entry commit
 * together or not at all. Writes that are not the change (rate counters) run outsideAuditScope.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TransactItem } from './dynamo';

export interface AuditScopeState {
  /** The Put of the entry's item (a new item), as audit-repo.ts writes it. */
  readonly put: () => TransactItem;
  /** Set once a write carried the item (committed). */
  carried: boolean;
  /**
   * Set while a write carrying the item is in flight: a write started meanwhile (writes of one
   * request run in parallel, e.g. a fan-out to several webhooks) goes without it, instead of
   * putting the same new item a second time and being cancelled after the first committed.
   */
  inFlight?: boolean;
}

const scopes = new AsyncLocalStorage<AuditScopeState | undefined>();

/** Runs `fn` with `state` as the request's pending entry. */
export const inAuditScope = <T>(state: AuditScopeState, fn: () => Promise<T>): Promise<T> => scopes.run(state, fn);

/** The pending entry the next write must carry, or undefined (none, carried already, or being carried). */
export function pendingAuditEntry(): AuditScopeState | undefined {
  const state = scopes.getStore();
  return state && !state.carried && !state.inFlight ? state : undefined;
}

/**
 * Runs `write`, which carries `state`'s item: marked in flight until it settles, carried when it
 * resolves to true (committed); otherwise the next write may carry it.
 */
export async function carryingEntry<T>(
  state: AuditScopeState | undefined,
  write: () => Promise<T>,
  committed: (result: T) => boolean,
): Promise<T> {
  if (!state) return write();
  state.inFlight = true;
  try {
    const result = await write();
    if (committed(result)) state.carried = true;
    return result;
  } finally {
    state.inFlight = false;
  }
}

/** Runs a write that is not the audited change (a rate counter, a lock): it carries no entry. */
export const outsideAuditScope = <T>(fn: () => Promise<T>): Promise<T> => scopes.run(undefined, fn);
