import { describe, expect, it } from 'vitest';
import type { SyncJob } from '../sync/ports';
import { type CatalogueJob, createCatalogueJobs, REFILE_PASSES } from './catalogue-jobs';

/** A queue whose messages the test runs one by one, as the sync worker would. */
function setup(opts: { apps: Array<{ id: string; slug: string }>; poolSize?: number; lateApp?: boolean }) {
  const sent: SyncJob[] = [];
  const released: string[] = [];
  let pool = opts.poolSize ?? 0;
  let late = opts.lateApp ?? false;
  const jobs = createCatalogueJobs({
    apps: {
      async refilePage(from, to, cursor, limit) {
        const start = cursor ? Number(cursor) : 0;
        const filed = opts.apps.filter((a) => a.slug === from);
        const page = filed.slice(0, limit);
        for (const a of page) a.slug = to.slug;
        // An app approved mid-way shows up under the old slug after the first pass.
        if (late) {
          opts.apps.push({ id: 'late', slug: from });
          late = false;
        }
        return { moved: page.length, next_cursor: filed.length > limit ? String(start + limit) : null };
      },
      countInCategory: async (slug) => opts.apps.filter((a) => a.slug === slug).length,
    },
    pool: {
      async deletePage(_appId, limit) {
        const n = Math.min(pool, limit);
        pool -= n;
        return { deleted: n, more: pool > 0 };
      },
    },
    releaseSlug: async (slug) => void released.push(slug),
    queue: { send: async (job) => void sent.push(job) },
    pageSize: 2,
    log: { info: () => undefined },
  });
  const drain = async (first: CatalogueJob) => {
    let messages = 1;
    await jobs.handle(first);
    while (sent.length) {
      messages++;
      await jobs.handle(sent.shift() as CatalogueJob);
    }
    return messages;
  };
  return { drain, pool: () => pool, released };
}

describe('catalogue jobs', () => {
  it('re-files a category a page per message until none is left', async () => {
    const apps = Array.from({ length: 5 }, (_, i) => ({ id: `a${i}`, slug: 'old' }));
    const { drain, released } = setup({ apps });
    const messages = await drain({
      kind: 'refile-category',
      from: 'old',
      to: { slug: 'new', name: 'New' },
      release: { slug: 'old', category_id: 'c1' },
    });
    expect(apps.every((a) => a.slug === 'new')).toBe(true);
    expect(messages).toBe(3);
    // The old slug, held while its apps moved, is free once they have.
    expect(released).toEqual(['old']);
  });

  it('makes another pass for an app that reached the old slug mid-way, at most REFILE_PASSES', async () => {
    const apps = [{ id: 'a', slug: 'old' }];
    const { drain } = setup({ apps, lateApp: true });
    await drain({ kind: 'refile-category', from: 'old', to: { slug: 'new', name: 'New' } });
    expect(apps.map((a) => a.slug)).toEqual(['new', 'new']);
    expect(REFILE_PASSES).toBeGreaterThan(1);
  });

  it('deletes a pool a page per message', async () => {
    const { drain, pool } = setup({ apps: [], poolSize: 5 });
    expect(await drain({ kind: 'delete-pool', app_id: 'x' })).toBe(3);
    expect(pool()).toBe(0);
  });
});
