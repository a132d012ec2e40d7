import { describe, expect, it } from 'vitest';
import { httpInternalSystem, httpLegacySystem } from '../../adapters/outside-systems';
import { createSyncService, type SyncServiceDeps } from './sync-service';

/** A dependency the service must not reach: any use fails the test with its name. */
const untouched = (name: string) =>
  new Proxy(
    {},
    {
      get: (_, key) => {
        throw new Error(`${name}.${String(key)} was used`);
      },
    },
  ) as never;

const settings = (urlVariable: string) => () => ({
  baseUrl: undefined,
  urlVariable,
  apiKey: async () => 'key',
  timeoutMs: 1000,
  healthTimeoutMs: 1000,
});

/** A deploy without the internalSystemUrl/legacySystemUrl context: the real adapters with no address. */
function unconfiguredService() {
  const deps: SyncServiceDeps = {
    internal: httpInternalSystem(settings('INTERNAL_SYSTEM_URL')),
    legacy: httpLegacySystem(settings('LEGACY_SYSTEM_URL')),
    catalogue: untouched('catalogue'),
    queries: untouched('queries'),
    runs: untouched('runs'),
    locks: untouched('locks'),
    state: untouched('state'),
    links: untouched('links'),
    users: untouched('users'),
    invite: untouched('invite'),
    licences: untouched('licences'),
    publisher: untouched('publisher'),
    queue: untouched('queue'),
    queueOps: untouched('queueOps'),
    scheduler: untouched('scheduler'),
    health: [],
    options: { lockStaleMs: 60_000, eventsPerPoll: 100 },
  };
  return createSyncService(deps);
}

describe('sync without the outside systems configured', () => {
  it('answers 503 naming the variable to set, before a lock, a run or a queued job', async () => {
    const service = unconfiguredService();
    await expect(service.trigger('full_sync', 'admin@example.com')).rejects.toMatchObject({
      status: 503,
      message: 'Internal system is not configured: set INTERNAL_SYSTEM_URL',
    });
    await expect(service.trigger('internal_features', 'admin@example.com')).rejects.toMatchObject({ status: 503 });
    await expect(service.trigger('legacy_events', 'admin@example.com')).rejects.toMatchObject({
      status: 503,
      message: 'Legacy system is not configured: set LEGACY_SYSTEM_URL',
    });
    await expect(service.trigger('legacy_users', 'admin@example.com')).rejects.toMatchObject({ status: 503 });
  });

  it('does not switch polling on', async () => {
    await expect(unconfiguredService().startPolling(60)).rejects.toMatchObject({
      status: 503,
      message: 'Legacy system is not configured: set LEGACY_SYSTEM_URL',
    });
  });
});
