import { randomUUID } from 'node:crypto';
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import {
  APP_MESSAGES,
  type AppSubmit,
  type OwnerApp,
  type OwnerAppSummary,
  type QuickAppCreate,
  type QuickAppUpdate,
} from '@shared/schemas/apps';
import type { CategoryRecord } from '../categories/category';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { PermissionsStore } from '../permissions/permissions-service';
import type { Log } from '../users/ports';
import type { WebhookStore } from '../webhooks/ports';
import { type AppRecord, newAppContent } from './app';
import { dollarsToCents } from './app-mappers';
import { AppLimitReachedError, type AppRepository } from './app-repository';
import { type AppUploadsDeps, assertOwnUploads, claimUploads, releaseAppUploads } from './app-uploads';
import type { KeyPoolPort } from './key-pool';
import { toOwnerAppDetail, toOwnerAppSummary } from './owner-app-mappers';
import { auditedListing, reviewAfterEdit, withdrawnChanges } from './review';
import { slugCandidate, slugify } from './slug';

export interface DeveloperAppsDeps {
  apps: AppRepository;
  categories: { resolve(slugOrName: string): Promise<CategoryRecord | undefined> };
  keyPool: KeyPoolPort;
  webhooks: AppWebhooks;
  uploads: Omit<AppUploadsDeps, 'listByOwner'>;
  /** The apps' permissions declarations: a withdrawn change puts the reviewed one back. */
  declarations?: Pick<PermissionsStore, 'put' | 'remove'>;
  /** Plain-http licence webhooks are accepted only in local development. */
  allowHttpWebhooks: boolean;
  log?: Log;
  now?: () => string;
  newId?: () => string;
}

/** The app's webhooks, removed with the app. */
export type AppWebhooks = Pick<WebhookStore, 'listByApp' | 'delete'>;

const silentLog: Log = { info() {}, warn() {}, error() {} };
const SLUG_ATTEMPTS = 100;

/**
 * Told what a save changed, for the handler's audit entry: the app's material fields as read from
 * the store and as saved (core/apps/review.ts auditedListing).
 */
export type OnSaved = (change: {
  label: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}) => void;

const savedChange = (previous: AppRecord, stored: AppRecord) => ({
  label: stored.name,
  before: auditedListing(previous),
  after: auditedListing(stored),
});

/** What the wizard edits: everything but identity, ownership, review state and counters. */
type Listing = Omit<
  AppRecord,
  | 'id'
  | 'slug'
  | 'type'
  | 'user_id'
  | 'description'
  | 'competitor_comparison'
  | 'customer_testimonials'
  | 'average_rating'
  | 'installations'
  | 'is_approved'
  | 'is_suspended'
  | 'suspended_at'
  | 'created_at'
  | 'updated_at'
  | 'version'
>;

/** Quick-form fields that, when present in a quick update, replace the stored value (blank clears). */
export const QUICK_OPTIONAL_FIELDS = ['website_url', 'description', 'short_description', 'category'] as const;
export type QuickOptionalField = (typeof QUICK_OPTIONAL_FIELDS)[number];

/**
 * A developer's own apps (spec sections 2, 4, 5, 7): the quick form, the wizard's submit and edit,
 * delete. Another developer's app is "not found" on every path, never its data. Every rule is
 * checked before the first write, so a refused request changes nothing.
 */
export function createDeveloperAppsService(deps: DeveloperAppsDeps) {
  const { apps, keyPool } = deps;
  const now = deps.now ?? (() => new Date().toISOString());
  const newId = deps.newId ?? (() => randomUUID());
  const log = deps.log ?? silentLog;
  const uploadDeps: AppUploadsDeps = { ...deps.uploads, listByOwner: (id) => apps.listByOwner(id) };

  async function owned(userId: string, id: string): Promise<AppRecord> {
    const app = await apps.getById(id);
    if (!app || app.user_id !== userId) throw new NotFoundError(MSG.appNotFound);
    return app;
  }

  async function activeCategory(nameOrSlug: string): Promise<CategoryRecord> {
    const category = await deps.categories.resolve(nameOrSlug);
    if (!category?.is_active) throw new ValidationError(APP_MESSAGES.unknownCategory(nameOrSlug));
    return category;
  }

  /**
   * Stores a new app under the first free slug of its name: base, base-2, base-3... A developer
   * holds at most LIMITS.maxAppsPerDeveloper apps: the cap is the owner's counter, raised in the
   * create's transaction (race-free); the bounded count seeds a counter not written yet. Admins
   * create no apps through these routes (developer-only), so the cap never applies to them.
   */
  async function createWithSlug(app: Omit<AppRecord, 'slug'>): Promise<AppRecord> {
    const max = LIMITS.maxAppsPerDeveloper;
    const existing = await apps.countOwned(app.user_id, max + 1);
    if (existing >= max) throw new AppLimitReachedError();
    const cap = { max, existing };
    const base = slugify(app.name);
    for (let n = 1; n <= SLUG_ATTEMPTS; n++) {
      const slug = slugCandidate(base, n);
      if (await apps.getBySlug(slug)) continue;
      try {
        return await apps.create({ ...app, slug }, cap);
      } catch (err) {
        // Taken meanwhile (or a claim without its app): try the next candidate.
        if (err instanceof ConflictError && /slug/i.test(err.message)) continue;
        throw err;
      }
    }
    return apps.create({ ...app, slug: `${base}-${newId().slice(0, 8)}` }, cap);
  }

  async function detail(app: AppRecord): Promise<OwnerApp> {
    const pool = await keyPool.listKeys(app.id);
    return toOwnerAppDetail(app, pool.keys, pool.assigned);
  }

  /** The listing fields of the wizard's payload, checked against the catalogue and the caller. */
  async function listingOf(p: AppSubmit, owner: { userId: string; appId?: string }): Promise<Listing> {
    const category = await activeCategory(p.category);
    if (p.licensing_type === 'webhook' && p.webhook_license_url) {
      const scheme = new URL(p.webhook_license_url).protocol;
      if (scheme !== 'https:' && !deps.allowHttpWebhooks) throw new ValidationError(APP_MESSAGES.webhookHttps);
    }
    const m = p.metadata;
    const images = { icon_url: p.icon_url, logo_url: m.logo_url, screenshots: m.screenshots };
    assertOwnUploads(images, owner, deps.uploads.siteOrigin);
    return {
      name: p.name,
      tagline: p.tagline,
      short_description: p.short_description,
      long_description: p.long_description,
      category: category.name,
      category_slug: category.slug,
      tags: p.tags,
      website_url: p.website_url,
      demo_url: p.demo_url,
      documentation_url: p.documentation_url,
      support_url: p.support_url,
      privacy_policy_url: m.privacy_policy_url,
      terms_url: m.terms_url,
      ...images,
      demo_video_url: m.demo_video_url,
      key_features: p.key_features,
      use_cases: m.use_cases,
      integrations: m.integrations,
      pricing_model: p.pricing_model,
      price_cents: p.pricing_model === 'free' ? 0 : dollarsToCents(p.price),
      // A billing period only means something for a subscription (monthly unless chosen).
      price_period: p.pricing_model === 'subscription' ? (m.price_period ?? 'monthly') : undefined,
      free_trial_days: p.free_trial_days ?? undefined,
      refund_policy: m.refund_policy,
      company_name: p.company_name,
      company_size: m.company_size,
      founded_year: p.founded_year ?? undefined,
      target_audience: m.target_audience,
      unique_selling_points: m.unique_selling_points,
      licensing_type: p.licensing_type,
      universal_access_code: p.universal_access_code,
      licensing_instructions: p.licensing_instructions,
      webhook_license_url: p.webhook_license_url,
      // Absent: keep what is stored (an older client that does not know the field).
      ...(p.practice_systems !== undefined ? { practice_systems: p.practice_systems } : {}),
    };
  }

  /** Keeps the uploads a saved app shows from expiring; a failure is logged (the save stands). */
  async function claim(stored: AppRecord): Promise<void> {
    try {
      await claimUploads(uploadDeps, stored);
    } catch (err) {
      log.error('marking drafts referenced failed', { appId: stored.id, error: (err as Error).name });
    }
  }

  async function afterEdit(previous: AppRecord, stored: AppRecord): Promise<void> {
    await claim(stored);
    try {
      await releaseAppUploads(uploadDeps, previous, stored);
    } catch (err) {
      log.error('releasing dropped uploads failed', { appId: stored.id, error: (err as Error).name });
    }
  }

  return {
    /** GET /api/apps: the caller's apps, newest first. */
    async list(userId: string): Promise<OwnerAppSummary[]> {
      return (await apps.listByOwner(userId)).map(toOwnerAppSummary);
    },

    /** GET /api/apps/{id}: the edit view. */
    async get(userId: string, id: string): Promise<OwnerApp> {
      return detail(await owned(userId, id));
    },

    /** POST /api/apps: quick create. Every new app starts not approved (Pending Review). */
    async quickCreate(userId: string, p: QuickAppCreate): Promise<OwnerApp> {
      const category = p.category ? await activeCategory(p.category) : undefined;
      const at = now();
      const stored = await createWithSlug({
        id: newId(),
        name: p.name,
        type: p.type,
        user_id: userId,
        description: p.description,
        short_description: p.short_description,
        website_url: p.website_url,
        category: category?.name,
        category_slug: category?.slug,
        practice_systems: p.practice_systems ?? [],
        ...newAppContent(),
        is_approved: false,
        is_suspended: false,
        created_at: at,
        updated_at: at,
        version: 0,
      });
      log.info('app created', { appId: stored.id, userId, type: stored.type });
      return detail(stored);
    },

    /**
     * PUT /api/apps/{id}: quick update. The type cannot change; the slug stays; the optional fields
     * (QUICK_OPTIONAL_FIELDS) the body carried (`present`: its field names) replace the stored value
     * (blank clears it), the others are kept.
     */
    async quickUpdate(
      userId: string,
      id: string,
      p: QuickAppUpdate,
      present: ReadonlySet<string>,
      onSaved?: OnSaved,
    ): Promise<OwnerApp> {
      const previous = await owned(userId, id);
      if (p.type !== undefined && p.type !== previous.type) throw new ValidationError(APP_MESSAGES.typeNotChangeable);
      const next: AppRecord = { ...previous, name: p.name, updated_at: now() };
      if (present.has('website_url')) next.website_url = p.website_url;
      if (present.has('description')) next.description = p.description;
      if (present.has('short_description')) next.short_description = p.short_description;
      if (present.has('category')) {
        const category = p.category ? await activeCategory(p.category) : undefined;
        next.category = category?.name;
        next.category_slug = category?.slug;
      }
      if (p.practice_systems !== undefined) next.practice_systems = p.practice_systems;
      Object.assign(next, reviewAfterEdit(previous, next, next.updated_at));
      const stored = await apps.save(previous, next);
      onSaved?.(savedChange(previous, stored));
      return detail(stored);
    },

    /**
     * POST /api/apps/submit: a public app for marketplace review (Pending Review until an admin
     * approves it). Pool keys are stored first, so a failure leaves no app without its keys.
     */
    async submit(userId: string, p: AppSubmit): Promise<OwnerApp> {
      const listing = await listingOf(p, { userId });
      const id = newId();
      if (p.licensing_type === 'key_pool') await keyPool.addKeys(id, p.license_keys);
      const at = now();
      try {
        const stored = await createWithSlug({
          ...listing,
          id,
          type: 'public',
          practice_systems: listing.practice_systems ?? [],
          customer_testimonials: [],
          average_rating: 0,
          installations: 0,
          is_approved: false,
          is_suspended: false,
          user_id: userId,
          created_at: at,
          updated_at: at,
          version: 0,
        });
        log.info('app submitted', { appId: id, userId });
        await claim(stored);
        return detail(stored);
      } catch (err) {
        await keyPool.deleteAll(id).catch(() => undefined);
        throw err;
      }
    },

    /**
     * PUT /api/apps/{id}/update: the wizard in edit mode. Type, approval state and slug stay as they
     * are: an approved app stays listed and shows the edits at once. Every listing field is
     * replaced by the payload's (absent optional fields are cleared); a key pool is synced.
     */
    async updateListing(userId: string, id: string, p: AppSubmit, onSaved?: OnSaved): Promise<OwnerApp> {
      const previous = await owned(userId, id);
      if (p.type !== undefined && p.type !== previous.type) throw new ValidationError(APP_MESSAGES.typeNotChangeable);
      const listing = await listingOf(p, { userId, appId: id });
      const next: AppRecord = { ...previous, ...listing, updated_at: now() };
      Object.assign(next, reviewAfterEdit(previous, next, next.updated_at));
      const stored = await apps.save(previous, next);
      onSaved?.(savedChange(previous, stored));
      if (p.licensing_type === 'key_pool') await keyPool.syncAvailableKeys(id, p.license_keys);
      await afterEdit(previous, stored);
      return detail(stored);
    },

    /**
     * POST /api/apps/{id}/withdraw-changes: the owner takes back the changes of an approved app that
     * wait for review: the reviewed values (listing, licensing, permissions) are the live ones again.
     * The reviewed declaration is put back first, so a failure part-way leaves the change waiting.
     */
    async withdrawChanges(userId: string, id: string): Promise<OwnerApp> {
      const previous = await owned(userId, id);
      const snapshot = previous.reviewed;
      if (!snapshot) throw new ConflictError(APP_MESSAGES.nothingToWithdraw);
      if (snapshot.data_access !== undefined) {
        if (!deps.declarations) throw new Error('declarations store not wired');
        if (snapshot.data_access) await deps.declarations.put(id, snapshot.data_access);
        else await deps.declarations.remove(id);
      }
      const stored = await apps.save(previous, { ...withdrawnChanges(previous), updated_at: now() });
      log.info('app changes withdrawn', { appId: id, userId });
      await afterEdit(previous, stored);
      return detail(stored);
    },

    /** DELETE /api/apps/{id}. */
    async remove(userId: string, id: string): Promise<void> {
      await removeApp({ apps, keyPool, webhooks: deps.webhooks, uploads: uploadDeps, log }, await owned(userId, id));
    },
  };
}

export type DeveloperAppsService = ReturnType<typeof createDeveloperAppsService>;

/**
 * Deletes an app for good: its pool keys, webhooks and uploads first, then the app and its slug claim (so a
 * failure part-way leaves the app in place and the delete can simply be repeated). Purchases are
 * not touched: each keeps its own snapshot of the app for its buyer.
 */
export async function removeApp(
  deps: {
    apps: Pick<AppRepository, 'delete'>;
    keyPool: KeyPoolPort;
    webhooks: AppWebhooks;
    uploads: AppUploadsDeps;
    log?: Log;
  },
  app: AppRecord,
): Promise<void> {
  // The pool goes in pages after the request (its keys stay unreachable: the app is gone).
  await deps.keyPool.deleteAll(app.id);
  // Its webhooks go with it: pending deliveries then find their webhook gone and stop.
  const hooks = await deps.webhooks.listByApp(app.id);
  for (const hook of hooks) await deps.webhooks.delete(hook);
  const files = await releaseAppUploads(deps.uploads, app);
  await deps.apps.delete(app);
  deps.log?.info('app deleted', { appId: app.id, userId: app.user_id, webhooks: hooks.length, files });
}
