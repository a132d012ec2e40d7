/**
 * The one way a service is composed (functions/wiring/): each module here wires one service of
 * `core/` to its adapters and exports it as `lazyService(build)`. Every Lambda (route groups and
 * workers) and the local server import the service from here, never compose it themselves.
 *
 * The service is built on first use, not at import (a Lambda reads its secrets from Secrets Manager
 * at cold start, before the first request, and the configuration is read here the same way
 * everywhere: getConfig()), then reused for the life of the process. It is built again only when
 * the configuration changed (configGeneration(): keys arriving or rotated in Secrets Manager), so a
 * service never keeps a stale Stripe key or URL. `{ once: true }` for what must never be rebuilt
 * (a queue with messages in flight).
 *
 * Each root's call carries esbuild's `@__PURE__` mark: making the proxy has no effect, and the mark
 * lets esbuild leave a root out of a Lambda that imports its module for another root (a call at
 * module level is otherwise kept, with everything it names). once(), the AWS clients and the
 * queues are marked the same way.
 */
import { configGeneration } from '../config';

export function lazyService<T extends object>(build: () => T, options: { once?: boolean } = {}): T {
  let built: T | undefined;
  let builtFor = -1;
  const current = (): T => {
    if (built && (options.once || builtFor === configGeneration())) return built;
    built = build();
    builtFor = configGeneration();
    return built;
  };
  return new Proxy({} as T, {
    get(_target, prop) {
      const service = current();
      const value = Reflect.get(service, prop, service);
      return typeof value === 'function' ? value.bind(service) : value;
    },
    has: (_target, prop) => Reflect.has(current(), prop),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor(_target, prop) {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), prop);
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
  });
}
