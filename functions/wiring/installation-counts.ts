/**
 * The installations count of purchases whose address became proven (core/purchases/installations.ts):
 * the accounts routes request it (wiring/accounts.ts), the sync worker counts it a page per message
 * (wiring/sync.ts). Its own module, so the accounts function carries none of the sync service.
 */
import { countInstallation, pageByBuyers } from '../adapters/dynamodb/purchases-repo';
import { getConfig } from '../config';
import { createInstallationCounts } from '../core/purchases/installations';
import { logger } from '../http/logger';
import { lazyService } from './lazy';
import { jobQueue } from './sync-queue';

export const installationCounts = /* @__PURE__ */ lazyService(() =>
  createInstallationCounts({
    // The two functions, not the repository object: the sync worker's bundle carries only these.
    purchases: { pageByBuyers, countInstallation },
    queue: jobQueue,
    pageSize: getConfig().CATALOGUE_JOB_PAGE_SIZE,
    log: logger,
  }),
);
