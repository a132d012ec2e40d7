/**
 * Catalogue writes that touch a set growing with the data, done in pages outside the request
 * (issue 26): re-filing a category's apps after the admin renamed it, changed its slug or deleted it
 * with reassign_to, and deleting a deleted app's licence-key pool. The request asks for the job
 * (one message on the sync queue) and answers at once; the sync worker runs one page per message
 * and sends the next page's message itself, until the work is done.
 */
import type { CategoryRefilePages } from '../categories/category-repository';
import type { SyncJob, SyncQueue } from '../sync/ports';

export type CatalogueJob = Extract<SyncJob, { kind: 'refile-category' | 'delete-pool' }>;

/** Passes over a category at most: a pass finds the apps that changed partition during the previous one. */
export const REFILE_PASSES = 3;

export interface CatalogueJobsDeps {
  apps: CategoryRefilePages & {
    /** Apps (every type and state) still filed under a slug: its counter. */
    countInCategory(slug: string): Promise<number>;
  };
  /** Frees a slug its category held while the apps were moved off it. */
  releaseSlug(slug: string, categoryId: string): Promise<void>;
  pool: {
    /** Deletes at most `limit` keys of the app's pool; `more` when keys are left. */
    deletePage(appId: string, limit: number): Promise<{ deleted: number; more: boolean }>;
  };
  queue: SyncQueue;
  /** Apps or keys one message handles (CATALOGUE_JOB_PAGE_SIZE). */
  pageSize: number;
  log: { info(msg: string, fields?: object): void };
}

export function createCatalogueJobs(deps: CatalogueJobsDeps) {
  const { apps, pool, queue, pageSize, log, releaseSlug } = deps;

  async function refile(job: Extract<CatalogueJob, { kind: 'refile-category' }>): Promise<void> {
    const page = await apps.refilePage(job.from, job.to, job.cursor, pageSize);
    if (page.next_cursor) {
      await queue.send({ ...job, cursor: page.next_cursor });
      return;
    }
    const pass = job.pass ?? 1;
    // A new slug empties the old one: apps still under it changed partition mid-way (an approval).
    const left = job.from !== job.to.slug ? await apps.countInCategory(job.from) : 0;
    if (left > 0 && pass < REFILE_PASSES) {
      await queue.send({ kind: 'refile-category', from: job.from, to: job.to, pass: pass + 1, release: job.release });
      return;
    }
    if (job.release) await releaseSlug(job.release.slug, job.release.category_id);
    log.info('category re-filed', { from: job.from, to: job.to.slug, passes: pass, left });
  }

  async function deletePool(job: Extract<CatalogueJob, { kind: 'delete-pool' }>): Promise<void> {
    const page = await pool.deletePage(job.app_id, pageSize);
    if (page.more) await queue.send(job);
    else log.info('licence key pool deleted', { app_id: job.app_id });
  }

  return {
    /** The sync worker's handler of one catalogue job message. */
    async handle(job: CatalogueJob): Promise<void> {
      if (job.kind === 'refile-category') await refile(job);
      else await deletePool(job);
    },
  };
}

export type CatalogueJobs = ReturnType<typeof createCatalogueJobs>;
