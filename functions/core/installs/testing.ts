/** Fixtures for unit tests of installs (no DynamoDB). */
import type { InstallRecord } from './install';

const AT = '2026-01-01T00:00:00.000Z';

/** A pending install of app a1 by buyer u1 with nothing granted yet; `over` sets what a test needs. */
export const installRecord = (over: Partial<InstallRecord> = {}): InstallRecord => ({
  id: 'i1',
  buyer_id: 'u1',
  app_id: 'a1',
  app: { id: 'a1', name: 'App', slug: 'app' },
  customer_email: 'p@example.com',
  status: 'pending',
  granted: { event_types: [], features: [] },
  declaration_version: null,
  installed_at: AT,
  updated_at: AT,
  revoked_at: null,
  ...over,
});
