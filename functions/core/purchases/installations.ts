/**
 * Installations count only purchases of proven addresses (purchase.ts isProvenPurchase). When an
 * address becomes proven later (an account verifies it, a guest follows the licence mail's claim
 * link, a claim link adds it to an account), the purchases kept for it start counting.
 *
 * The request only asks for the count (one `count-installations` message on the sync queue); the
 * sync worker counts one page of the buyer ids' purchases per message and sends the next page's
 * message itself (issue 26: a buyer's purchases grow without bound, a request reads a bounded set).
 */
import type { SyncJob } from '../sync/ports';
import type { PurchaseRepository } from './ports';

export type InstallationCountJob = Extract<SyncJob, { kind: 'count-installations' }>;

export interface InstallationCountDeps {
  purchases: Pick<PurchaseRepository, 'pageByBuyers' | 'countInstallation'>;
  queue: { send(job: InstallationCountJob): Promise<void> };
  /** Purchases one message reads (CATALOGUE_JOB_PAGE_SIZE). */
  pageSize: number;
  log: { info(msg: string, fields?: object): void };
}

export function createInstallationCounts(deps: InstallationCountDeps) {
  const { purchases, queue, pageSize, log } = deps;
  return {
    /** The request's side: asks the worker to count these buyer ids' purchases (buyerIdsOf). */
    async request(buyerIds: readonly string[]): Promise<void> {
      const ids = [...new Set(buyerIds)];
      if (ids.length > 0) await queue.send({ kind: 'count-installations', buyer_ids: ids });
    },

    /**
     * The worker's side: counts one page of the completed purchases that did not count yet and
     * sends the rest as the next message. A redelivered message counts nothing twice
     * (countInstallation applies only to a purchase whose installation_counted is false).
     * Returns how many started counting on this page.
     */
    async handle(job: InstallationCountJob): Promise<number> {
      const page = await purchases.pageByBuyers(job.buyer_ids, pageSize, job.cursor);
      let counted = 0;
      for (const p of page.items) {
        if (p.status !== 'completed' || p.installation_counted) continue;
        if (await purchases.countInstallation(p.id)) counted++;
      }
      if (page.next_cursor) await queue.send({ ...job, cursor: page.next_cursor });
      else log.info('proven purchases counted', { buyer_ids: job.buyer_ids.length });
      return counted;
    },
  };
}

export type InstallationCounts = ReturnType<typeof createInstallationCounts>;
