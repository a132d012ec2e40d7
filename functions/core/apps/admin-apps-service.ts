import { MSG } from '@shared/messages';
import type { AdminAppCounters } from '@shared/schemas/admin-lists';
import { type AdminApp, APP_MESSAGES } from '@shared/schemas/apps';
import { ConflictError, NotFoundError } from '../errors';
import type { Page } from '../paging';
import type { Log, Mailer, OutgoingMail } from '../users/ports';
import type { User } from '../users/user';
import type { AppRecord } from './app';
import { approvalMail, suspensionMail } from './app-mails';
import type { AdminAppPageQuery, AppRepository } from './app-repository';
import { type AppUploadsDeps, releaseAppUploads } from './app-uploads';
import { type AppWebhooks, removeApp } from './developer-apps-service';
import type { KeyPoolPort } from './key-pool';
import { type AppSales, NO_SALES, toAdminApp } from './owner-app-mappers';
import { markedReviewed } from './review';

export interface AdminAppsDeps {
  apps: Pick<AppRepository, 'getById' | 'listByOwner' | 'save' | 'delete' | 'pageAdmin' | 'adminCounts'>;
  /** findByEmail: App Management's search by a developer's e-mail (one key lookup). */
  users: { findById(id: string): Promise<User | undefined>; findByEmail?(email: string): Promise<User | undefined> };
  keyPool: KeyPoolPort;
  webhooks: AppWebhooks;
  uploads: Omit<AppUploadsDeps, 'listByOwner'>;
  mailer: Mailer;
  /** Public origin of the product, for links in mails. */
  appUrl: string;
  /** Sales per public app; checkout provides it (until then every app has none). */
  sales?: (appIds: readonly string[]) => Promise<Map<string, AppSales>>;
  log?: Log;
  now?: () => string;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };

/** An app's publication as stored: what the audit trail records as the state before a decision. */
export type PublicationState = {
  is_approved: boolean;
  is_suspended: boolean;
  suspension_reason: string | null;
};

const publicationState = (app: AppRecord): PublicationState => ({
  is_approved: app.is_approved,
  is_suspended: app.is_suspended === true,
  suspension_reason: app.suspension_reason ?? null,
});
const LOOKUP_BATCH = 25;
/** A window's page size (the pages' maximum) and how many pages one window reads at most. */
const WINDOW_PAGE = 100;
const WINDOW_READS = 12;

/** Runs `fn` over `items` with at most `size` in flight at a time. */
async function inBatches<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

/**
 * Admin App Management (spec sections 2, 4, 7): every app of every type, and the review
 * lifecycle. Approve only an app that is not approved, suspend only one that is (409 otherwise);
 * approving a public app publishes it, suspending takes it off the marketplace. The developer is
 * mailed either way; a mail that fails is logged and does not undo the decision.
 */
export function createAdminAppsService(deps: AdminAppsDeps) {
  const { apps, users, mailer } = deps;
  const now = deps.now ?? (() => new Date().toISOString());
  const log = deps.log ?? silentLog;
  const salesOf = deps.sales ?? (async () => new Map<string, AppSales>());

  async function find(id: string): Promise<AppRecord> {
    const app = await apps.getById(id);
    if (!app) throw new NotFoundError(MSG.appNotFound);
    return app;
  }

  async function notify(app: AppRecord, build: (owner: User) => OutgoingMail, what: string): Promise<User | undefined> {
    const owner = await users.findById(app.user_id);
    if (!owner) {
      log.warn(`${what} mail skipped: owner not found`, { appId: app.id });
      return undefined;
    }
    try {
      await mailer.sendMail(build(owner));
    } catch (err) {
      log.error(`${what} mail failed`, { appId: app.id, error: err instanceof Error ? err.name : 'unknown' });
    }
    return owner;
  }

  /** Deletes the uploads only the reviewed values showed (best effort: the decision stands). */
  async function releaseReplaced(previous: AppRecord, stored: AppRecord): Promise<void> {
    try {
      await releaseAppUploads({ ...deps.uploads, listByOwner: (u) => apps.listByOwner(u) }, previous, stored);
    } catch (err) {
      log.error('releasing replaced uploads failed', { appId: stored.id, error: (err as Error).name });
    }
  }

  async function view(app: AppRecord, owner?: User): Promise<AdminApp> {
    const sales = app.type === 'public' ? ((await salesOf([app.id])).get(app.id) ?? NO_SALES) : NO_SALES;
    return toAdminApp(app, owner?.email, sales);
  }

  /**
   * GET /api/admin/apps with limit or cursor (no page): one bounded page (see
   * AppRepository.pageAdmin), each app with its developer's e-mail and its sales.
   */
  async function page(query: AdminAppPageQuery): Promise<Page<AdminApp>> {
    if (!apps.pageAdmin) throw new Error('this app repository cannot page App Management');
    // A search that is a whole e-mail address names a developer: their apps lead (one key lookup).
    const email = query.q?.trim().toLowerCase() ?? '';
    const owner = email.includes('@') && users.findByEmail ? await users.findByEmail(email) : undefined;
    const found = await apps.pageAdmin(owner ? { ...query, ownerId: owner.id } : query);
    const ownerIds = [...new Set(found.items.map((a) => a.user_id))];
    const owners = new Map<string, User | undefined>(
      await inBatches(ownerIds, LOOKUP_BATCH, async (id) => [id, await users.findById(id)] as const),
    );
    const sales = await salesOf(found.items.filter((a) => a.type === 'public').map((a) => a.id));
    return {
      items: found.items.map((a) => toAdminApp(a, owners.get(a.user_id)?.email, sales.get(a.id) ?? NO_SALES)),
      next_cursor: found.next_cursor,
    };
  }

  return {
    page,

    /**
     * Up to `max` apps matching the query in App Management's order, read page by page (at most
     * WINDOW_READS pages, each bounded: AppRepository.pageAdmin), and the cursor where it stopped
     * (null: every matching app is in `items`): the unpaged GET /api/admin/apps and its `page` form.
     */
    async window(query: Omit<AdminAppPageQuery, 'limit' | 'cursor'>, max: number): Promise<Page<AdminApp>> {
      const items: AdminApp[] = [];
      let cursor: string | undefined;
      for (let reads = 0; reads < WINDOW_READS && items.length < max; reads++) {
        const next = await page({ ...query, limit: Math.min(WINDOW_PAGE, max - items.length), cursor });
        items.push(...next.items);
        cursor = next.next_cursor ?? undefined;
        if (!cursor) break;
      }
      return { items, next_cursor: cursor ?? null };
    },

    /** App Management's counters (apps per type filter and status): one read, whatever the number of apps. */
    async counts(): Promise<AdminAppCounters> {
      if (!apps.adminCounts) throw new Error('this app repository keeps no App Management counters');
      return apps.adminCounts();
    },

    /** POST /api/admin/apps/{id}/approve. */
    /** Publishes the app; answers it and its publication state before, as stored (for the audit trail). */
    async approve(id: string): Promise<{ app: AdminApp; before: PublicationState }> {
      const previous = await find(id);
      if (previous.is_approved) throw new ConflictError(APP_MESSAGES.alreadyApproved);
      // A public app is published into its category: without one it could never be shown.
      if (previous.type === 'public' && !previous.category_slug)
        throw new ConflictError(APP_MESSAGES.incompleteListing);
      const stored = await apps.save(previous, {
        ...previous,
        is_approved: true,
        is_suspended: false,
        suspended_at: undefined,
        suspension_reason: undefined,
        review_flag: undefined,
        reviewed: undefined,
        updated_at: now(),
      });
      log.info('app approved', { appId: id });
      if (previous.reviewed) await releaseReplaced(previous, stored);
      const owner = await notify(stored, (o) => approvalMail(stored, o, deps.appUrl), 'approval');
      return { app: await view(stored, owner), before: publicationState(previous) };
    },

    /** POST /api/admin/apps/{id}/suspend [{reason}]. */
    async suspend(id: string, reason?: string): Promise<{ app: AdminApp; before: PublicationState }> {
      const previous = await find(id);
      if (!previous.is_approved) throw new ConflictError(APP_MESSAGES.notApproved);
      const at = now();
      const stored = await apps.save(previous, {
        ...previous,
        is_approved: false,
        is_suspended: true,
        suspended_at: at,
        suspension_reason: reason?.trim() || undefined,
        updated_at: at,
      });
      log.info('app suspended', { appId: id });
      const owner = await notify(stored, (o) => suspensionMail(stored, o, deps.appUrl, reason), 'suspension');
      return { app: await view(stored, owner), before: publicationState(previous) };
    },

    /**
     * POST /api/admin/apps/{id}/clear-flag: the admin has reviewed the waiting changes (Mark
     * reviewed): the live values become the reviewed ones the public page shows.
     */
    async clearFlag(id: string): Promise<AdminApp> {
      const previous = await find(id);
      const stored =
        previous.review_flag || previous.reviewed
          ? await apps.save(previous, { ...markedReviewed(previous), updated_at: now() })
          : previous;
      log.info('app changes marked reviewed', { appId: id });
      if (previous.reviewed) await releaseReplaced(previous, stored);
      return view(stored, await users.findById(stored.user_id));
    },

    /** DELETE /api/admin/apps/{id}/delete. */
    /** Deletes the app; answers what it was (for the audit trail). */
    async remove(id: string): Promise<{ name: string; is_approved: boolean }> {
      const app = await find(id);
      await removeApp(
        {
          apps,
          keyPool: deps.keyPool,
          webhooks: deps.webhooks,
          uploads: { ...deps.uploads, listByOwner: (userId) => apps.listByOwner(userId) },
          log,
        },
        app,
      );
      return { name: app.name, is_approved: app.is_approved };
    },
  };
}

export type AdminAppsService = ReturnType<typeof createAdminAppsService>;
