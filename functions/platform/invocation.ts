import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One invocation's own state (an API request: http/group-handler.ts enters it). A Lambda
 * container runs one invocation at a time, while the local server runs every request in one
 * process, so state that must not leak from one invocation into another lives here rather than in
 * a module or a client. Today: the dependency breakers (adapters/resilience.ts).
 */
export interface InvocationState {
  /** When each client's opened breaker closes again (epoch ms), by the client's breaker key. */
  breakers: Map<object, number>;
}

const invocations = new AsyncLocalStorage<InvocationState>();

/** Runs `fn` as one invocation, with state of its own. */
export function withInvocation<T>(fn: () => T): T {
  return invocations.run({ breakers: new Map() }, fn);
}

/** The current invocation's state; undefined outside one (start-up, scripts). */
export const currentInvocation = (): InvocationState | undefined => invocations.getStore();

/**
 * Runs `fn` outside any invocation: the local server's in-process queues hand a message to its
 * consumer this way, so the worker does not run inside the request that sent it.
 */
export function outsideInvocation<T>(fn: () => T): T {
  return invocations.exit(fn);
}
