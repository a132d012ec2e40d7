/**
 * Installs with consent (docs/behaviour.md#installs-and-consent): created when a licence is
 * delivered, granted at checkout (accept_permissions) or later on My Purchases, revoked by the
 * practice. Every change tells the app's developer (install.created / install.updated /
 * install.revoked). The routing of practice events reads installs through install.ts consentFor.
 */
import { createHash, randomUUID } from 'node:crypto';
import { type BuyerInstall, type DeveloperInstall, INSTALL_MESSAGES } from '@shared/schemas/installs';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { Page } from '../paging';
import { buyerIdsOf, type PurchaseRecord } from '../purchases/purchase';
import type { Log } from '../users/ports';
import { accessLinkHolds, accessLinkIssuer, parseAccessLink } from './access-links';
import { type InstallRecord, installsByApp, viewOf } from './install';
import { type DeclarationSource, NO_PERMISSIONS, type Requested, requestedPermissions } from './permissions';
import type { InstallEvents, InstallStore } from './ports';

export interface InstallsServiceDeps {
  store: InstallStore;
  /** The buyer's account (its addresses decide which guest installs are its own); optional for delivery only. */
  users?: { findById(id: string): Promise<Parameters<typeof buyerIdsOf>[0] | undefined> };
  declarations: DeclarationSource;
  events?: InstallEvents;
  log?: Log;
  now?: () => Date;
}

/** An opaque id of the practice, stable per app, that tells developers of different apps nothing in common. */
export const practiceIdOf = (appId: string, buyerId: string) =>
  `prac_${createHash('sha256').update(`${appId}\n${buyerId}`).digest('hex').slice(0, 32)}`;

const silentLog: Log = { info() {}, warn() {}, error() {} };

export function createInstallsService(deps: InstallsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? silentLog;
  const requested = (appId: string) => requestedPermissions(deps.declarations, appId);

  function developerView(install: InstallRecord, declared: Requested | null): DeveloperInstall {
    return {
      id: install.id,
      app_id: install.app_id,
      status: install.status,
      ...viewOf(install, declared),
      declaration_version: install.declaration_version,
      installed_at: install.installed_at,
      revoked_at: install.revoked_at,
      practice_id: practiceIdOf(install.app_id, install.buyer_id),
      customer_email: install.customer_email,
    };
  }

  function buyerView(install: InstallRecord, declared: Requested | null): BuyerInstall {
    const { practice_id: _p, customer_email: _c, ...rest } = developerView(install, declared);
    return { ...rest, app: install.app };
  }

  async function tell(type: 'install.created' | 'install.updated' | 'install.revoked', install: InstallRecord) {
    if (!deps.events) return;
    try {
      const view = developerView(install, await requested(install.app_id));
      await deps.events.publish(install.app_id, type, { install_id: view.id, ...view });
    } catch (err) {
      log.error(`${type} not published`, { install_id: install.id, error: (err as Error).message });
    }
  }

  /** The account's buyer ids: its own, and its proven addresses' guest ones (as its purchases). */
  async function buyerIds(userId: string): Promise<string[]> {
    const user = await deps.users?.findById(userId);
    return user ? buyerIdsOf(user) : [userId];
  }

  /** The caller's install `id` among the installs of its buyer ids; 404 otherwise (another's reads as missing). */
  async function ownInstall(userId: string, id: string): Promise<InstallRecord> {
    const found = (await deps.store.ofBuyers(await buyerIds(userId))).find((i) => i.id === id);
    if (!found) throw new NotFoundError(INSTALL_MESSAGES.notFound);
    return found;
  }

  async function change(install: InstallRecord, next: InstallRecord): Promise<InstallRecord> {
    if (!(await deps.store.replace(next, install.updated_at, install.status))) {
      // Changed meanwhile (a second tab): 409, the caller reloads and retries on the fresh state.
      throw new ConflictError(INSTALL_MESSAGES.changed);
    }
    return next;
  }

  async function revokeInstall(install: InstallRecord): Promise<BuyerInstall> {
    const declared = await requested(install.app_id);
    if (install.status === 'revoked') return buyerView(install, declared);
    const at = now().toISOString();
    const next = await change(install, { ...install, status: 'revoked', updated_at: at, revoked_at: at });
    await tell('install.revoked', next);
    return buyerView(next, declared);
  }

  const nowSeconds = () => Math.floor(now().getTime() / 1000);

  /** The install a licence mail's link opens; 400 when the link is not valid (changed, expired, replaced) or its install is gone. */
  async function linked(token: string): Promise<InstallRecord> {
    const link = parseAccessLink(token);
    const install = link ? await deps.store.get(link.buyerId, link.appId) : undefined;
    if (!link || !install || !accessLinkHolds(install.access_link, link.secret, nowSeconds())) {
      throw new ValidationError(INSTALL_MESSAGES.linkInvalid);
    }
    return install;
  }

  return {
    requested,

    /**
     * The licence of `purchase` was delivered: the buyer's install of the app is created (active
     * with what the buyer accepted at checkout, pending without; an app without a declaration:
     * active with nothing), or, when the buyer accepted at this checkout, granted that.
     */
    async onDelivered(purchase: PurchaseRecord): Promise<InstallRecord | undefined> {
      const declared = await requested(purchase.app_id);
      const accepted = purchase.accepted_permissions ?? null;
      const at = now().toISOString();
      const existing = await deps.store.get(purchase.user_id, purchase.app_id);
      if (!existing) {
        const install: InstallRecord = {
          id: randomUUID(),
          buyer_id: purchase.user_id,
          app_id: purchase.app_id,
          app: { id: purchase.app_id, name: purchase.app.name, slug: purchase.app.slug },
          customer_email: purchase.buyer_email,
          status: declared === null || accepted ? 'active' : 'pending',
          granted: accepted?.permissions ?? NO_PERMISSIONS,
          declaration_version: accepted?.version ?? null,
          installed_at: at,
          updated_at: at,
          revoked_at: null,
        };
        if (await deps.store.create(install)) {
          await tell('install.created', install);
          return install;
        }
        return deps.store.get(purchase.user_id, purchase.app_id);
      }
      if (!accepted) return existing;
      const next = await change(existing, {
        ...existing,
        status: 'active',
        granted: accepted.permissions,
        declaration_version: accepted.version,
        updated_at: at,
        revoked_at: null,
      });
      await tell('install.updated', next);
      return next;
    },

    /** GET /api/installs: the buyer's installs (its own and its proven addresses'), one per app. */
    async forBuyer(userId: string): Promise<BuyerInstall[]> {
      const installs = [...installsByApp(await deps.store.ofBuyers(await buyerIds(userId)), userId).values()];
      const declared = await Promise.all(installs.map((i) => requested(i.app_id)));
      return installs
        .map((i, n) => buyerView(i, declared[n] ?? null))
        .sort((a, b) => b.installed_at.localeCompare(a.installed_at));
    },

    /** POST /api/installs/{id}/grant: the install is active with everything the app requests now. */
    async grant(userId: string, id: string): Promise<BuyerInstall> {
      const install = await ownInstall(userId, id);
      const declared = await requested(install.app_id);
      const next = await change(install, {
        ...install,
        status: 'active',
        granted: declared?.permissions ?? NO_PERMISSIONS,
        declaration_version: declared?.version ?? null,
        updated_at: now().toISOString(),
        revoked_at: null,
      });
      await tell('install.updated', next);
      return buyerView(next, declared);
    },

    /** POST /api/installs/{id}/revoke: deliveries stop at once; the licence is unchanged. */
    async revoke(userId: string, id: string): Promise<BuyerInstall> {
      return revokeInstall(await ownInstall(userId, id));
    },

    /**
     * A fresh access link token for the licence mail (core/installs/access-links.ts): kept on the
     * install as its hash, replacing an earlier mail's.
     */
    accessTokenFor: accessLinkIssuer(deps.store, now),

    /** POST /api/install-link {token}: the install the licence mail's link names, as its buyer reads it. */
    async byLink(token: string): Promise<BuyerInstall> {
      const install = await linked(token);
      return buyerView(install, await requested(install.app_id));
    },

    /**
     * POST /api/install-link/revoke {token, install_id}: revokes the one install the link names
     * (`install_id` must be it: the page revokes what it showed); nothing else.
     */
    async revokeByLink(token: string, installId: string): Promise<BuyerInstall> {
      const install = await linked(token);
      if (install.id !== installId) throw new NotFoundError(INSTALL_MESSAGES.notFound);
      return revokeInstall(install);
    },

    /** GET /v1/installs?app_id=: the app's installs a page at a time (the caller's ownership is checked before). */
    async pageOfApp(appId: string, limit: number, cursor?: string): Promise<Page<DeveloperInstall>> {
      const [page, declared] = await Promise.all([deps.store.pageOfApp(appId, limit, cursor), requested(appId)]);
      return { items: page.items.map((i) => developerView(i, declared)), next_cursor: page.next_cursor };
    },
  };
}

export type InstallsService = ReturnType<typeof createInstallsService>;
