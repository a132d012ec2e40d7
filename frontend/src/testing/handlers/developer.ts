import { type Handlers, ok } from '../fake-server';

/** The developer's own apps and API keys (the dashboard counts). */
export function developerHandlers(opts: { apps?: number; keys?: number } = {}): Handlers {
  const apps = Array.from({ length: opts.apps ?? 2 }, (_, i) => ({ id: `app-${i}`, name: `App ${i}`, type: 'public' }));
  const keys = Array.from({ length: opts.keys ?? 3 }, (_, i) => ({
    id: `key-${i}`,
    key: `sk_test_${i}`,
    type: 'staging',
  }));
  return {
    'GET /api/apps': () => ok(apps),
    'GET /api/keys': () => ok(keys),
  };
}
