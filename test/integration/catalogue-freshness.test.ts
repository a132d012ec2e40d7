/**
 * How fresh the public marketplace is. The server's process does not read the catalogue version
 * on every request: it reuses what it knows for at most CATALOGUE_VERSION_MAX_AGE_MS (1 s). A
 * change written by another process (here: this test worker, through the repository, as the
 * admin Lambda would in the cloud) must show within that bound; a change made through this
 * server's own API must show on the very next request.
 */
import { randomUUID } from 'node:crypto';
import type { AppCard } from '@shared/schemas/apps';
import type { Category } from '@shared/schemas/categories';
import { describe, expect, it } from 'vitest';
import { DynamoAppsRepository } from '../../functions/adapters/dynamodb/apps-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import { appRecord } from '../../functions/core/apps/testing';
import { adminToken, api } from '../support/api';

const BOUND_MS = 1_000;
const EPSILON_MS = 400;
const run = randomUUID().slice(0, 8);
const repo = new DynamoAppsRepository();

function listedApp(label: string): AppRecord {
  return appRecord({
    id: `fresh-${run}-${label}`,
    name: `Freshness ${run} ${label}`,
    user_id: 'fresh-owner',
    description: 'Freshness probe',
    category: 'Clinical Tools',
    category_slug: 'clinical-tools',
    pricing_model: 'free',
  });
}

const namesListed = async (q: string): Promise<string[]> =>
  (await api<AppCard[]>('GET', `/api/marketplace/apps?q=${encodeURIComponent(q)}`)).body.map((a) => a.name);

describe('catalogue freshness', () => {
  it('shows a change written by another process within the bound (1 s + ε)', async () => {
    const app = listedApp('elsewhere');
    // The server learns the current version (and caches the answer without the app).
    expect(await namesListed(app.name)).toEqual([]);
    expect(await namesListed(app.name)).toEqual([]);

    const stored = await repo.create(app); // bumps the catalogue version in DynamoDB, not in the server's memory
    // Polled every 50 ms; failing once the bound has passed without it.
    const withinTheBound = (message: string) => ({ timeout: BOUND_MS + EPSILON_MS, interval: 50, message });
    await expect
      .poll(() => namesListed(app.name), withinTheBound('the new app never showed within 1 s + ε'))
      .toContain(app.name);

    // ...and it is withdrawn within the bound too (suspension written elsewhere).
    await repo.save(stored, { ...stored, is_suspended: true, updated_at: new Date().toISOString() });
    await expect
      .poll(() => namesListed(app.name), withinTheBound('the suspended app was still listed after 1 s + ε'))
      .not.toContain(app.name);
  });

  it("shows an admin's change made through this server on the very next request", async () => {
    const admin = await adminToken();
    const slug = `fresh-${run}-cat`;
    await api('GET', '/api/categories'); // known version, cached answer
    const created = await api('POST', '/api/admin/categories', {
      token: admin,
      body: { name: `Fresh ${run}`, slug, display_order: 950 },
    });
    expect(created.status).toBe(201);
    const listed = (await api<Category[]>('GET', '/api/categories')).body.map((c) => c.slug);
    expect(listed).toContain(slug);
    const renamed = await api('PUT', `/api/admin/categories/${created.body.id}`, {
      token: admin,
      body: { name: `Fresh ${run} renamed`, slug, display_order: 950 },
    });
    expect(renamed.status).toBe(200);
    const names = (await api<Category[]>('GET', '/api/categories')).body.map((c) => c.name);
    expect(names).toContain(`Fresh ${run} renamed`);
  });
});
