/**
 * The one way a module keeps something for the life of the process that is not a service (services
 * are wiring/lazy.ts's lazyService): an AWS SDK client, a parsed document, a provider. Built on first
 * use, not at import (the configuration it reads may not be complete yet), then the same value;
 * `reset()` drops it (tests that point the clients at another stack).
 */
export interface Once<T> {
  (): T;
  /** The value if it was built, without building it. */
  peek(): T | undefined;
  reset(): void;
}

export function once<T>(build: () => T): Once<T> {
  let built: { value: T } | undefined;
  const get = (): T => {
    if (!built) built = { value: build() };
    return built.value;
  };
  return Object.assign(get, {
    peek: () => built?.value,
    reset: () => {
      built = undefined;
    },
  });
}

/**
 * Runs `work` for the first caller and hands its promise to every caller that comes while it runs;
 * the next call after it settled runs it again (a cold start's secrets read, shared by concurrent
 * requests).
 */
export function singleFlight<A extends unknown[], T>(work: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let running: Promise<T> | undefined;
  return (...args) => {
    if (running) return running;
    const started = work(...args).finally(() => {
      running = undefined;
    });
    running = started;
    return started;
  };
}
