/**
 * Declarations of the data an app touches, checked against the synced catalogue. A
 * declaration keeps the features' names and tables (with column counts) as the catalogue had them
 * when the developer declared: what a practice reads on the app page is what the admin reviewed.
 */

import { MSG } from '@shared/messages';
import {
  PERMISSIONS_MESSAGES,
  type PermissionsCatalogue,
  type PermissionsDeclaration,
  type PermissionsInputSchema,
  type PermissionsView,
} from '@shared/schemas/permissions';
import type * as z from 'zod';
import { type AppRecord, isMarketEligible } from '../apps/app';
import type { AppRepository } from '../apps/app-repository';
import { reviewAfterDeclaration } from '../apps/review';
import { reviewedDeclaration } from '../apps/reviewed-view';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import type { CatalogueQueries } from '../sync/queries';

export interface PermissionsStore {
  get(appId: string): Promise<PermissionsDeclaration | undefined>;
  put(appId: string, declaration: PermissionsDeclaration): Promise<void>;
  /** Removes the app's declaration (a withdrawn first declaration of an approved app). */
  remove(appId: string): Promise<void>;
}

export function createPermissionsService(deps: {
  catalogue: Pick<CatalogueQueries, 'features' | 'eventTypes' | 'counts'>;
  store: PermissionsStore;
  apps: Pick<AppRepository, 'getById' | 'save'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const synced = async () => (await deps.catalogue.counts()).features > 0;

  /** The app when `allowed` says the caller may see it; 'App not found' otherwise (no existence leak). */
  async function appIf(id: string, allowed: (app: AppRecord) => boolean): Promise<AppRecord> {
    const app = await deps.apps.getById(id);
    if (!app || !allowed(app)) throw new NotFoundError(MSG.appNotFound);
    return app;
  }

  return {
    /** A listed app (the public declaration); 404 for any other. */
    listedApp: (id: string) => appIf(id, isMarketEligible),
    /** The caller's own app, or any app for an admin (review); 404 for another developer's. */
    visibleApp: (caller: { userId: string; role: string }, id: string) =>
      appIf(id, (app) => caller.role === 'admin' || app.user_id === caller.userId),
    /** The caller's own app (declaring); 404 for any other, an admin's too. */
    ownApp: (ownerId: string, id: string) => appIf(id, (app) => app.user_id === ownerId),

    async catalogue(): Promise<PermissionsCatalogue> {
      const [features, events] = await Promise.all([deps.catalogue.features({}), deps.catalogue.eventTypes()]);
      return {
        catalogue_synced: features.length > 0,
        features: features.map((f) => ({
          id: f.id,
          name: f.name,
          category: f.category,
          description: f.description,
          table_count: f.table_count,
        })),
        event_types: events.filter((e) => !e.removed).map((e) => ({ id: e.id, description: e.description })),
      };
    },

    /** The owner's and the admin's view: the declaration as stored (a change waiting for review included). */
    async view(appId: string): Promise<PermissionsView> {
      const [isSynced, declaration] = await Promise.all([synced(), deps.store.get(appId)]);
      return { catalogue_synced: isSynced, declaration: declaration ?? null };
    },

    /** The public view of a listed app: the declaration an admin last reviewed (core/apps/review.ts). */
    async publicView(app: AppRecord): Promise<PermissionsView> {
      const [isSynced, declaration] = await Promise.all([synced(), deps.store.get(app.id)]);
      return { catalogue_synced: isSynced, declaration: reviewedDeclaration(app, declaration) };
    },

    /**
     * Validates every feature and event type against the catalogue, then stores the declaration.
     * For an approved app the declaration it had when reviewed is kept on the app first (flagged
     * for the admin), so the public page keeps showing it until the change is reviewed.
     */
    async declare(
      app: AppRecord,
      input: z.output<typeof PermissionsInputSchema>,
    ): Promise<{ before: PermissionsDeclaration | null; after: PermissionsDeclaration }> {
      const [features, events, before] = await Promise.all([
        deps.catalogue.features({}),
        deps.catalogue.eventTypes(),
        deps.store.get(app.id),
      ]);
      if (features.length === 0) throw new ConflictError(PERMISSIONS_MESSAGES.notSynced);
      const byId = new Map(features.map((f) => [f.id, f] as const));
      const unknownF = input.features.filter((f) => !byId.has(f.id)).map((f) => f.id);
      if (unknownF.length) throw new ValidationError(PERMISSIONS_MESSAGES.unknownFeatures(unknownF));
      const liveEvents = new Map(events.filter((e) => !e.removed).map((e) => [e.id, e] as const));
      const uniqueEvents = [...new Set(input.event_types)];
      const unknownE = uniqueEvents.filter((id) => !liveEvents.has(id));
      if (unknownE.length) throw new ValidationError(PERMISSIONS_MESSAGES.unknownEventTypes(unknownE));
      const after: PermissionsDeclaration = {
        // Every id is known here (checked above).
        features: input.features.flatMap((f) => {
          const feature = byId.get(f.id);
          if (!feature) return [];
          return {
            id: f.id,
            name: feature.name,
            description: feature.description,
            access: f.access,
            tables: feature.tables
              .filter((t) => !t.removed)
              .map((t) => ({ name: t.name, column_count: t.column_count })),
          };
        }),
        event_types: uniqueEvents.flatMap((id) => {
          const event = liveEvents.get(id);
          return event ? [{ id, description: event.description }] : [];
        }),
        baa_signed: input.baa_signed,
        baa_url: input.baa_url,
        updated_at: now().toISOString(),
      };
      if (app.is_approved) {
        const review = reviewAfterDeclaration(app, before ?? null, after, after.updated_at);
        if (review.review_flag !== app.review_flag || review.reviewed !== app.reviewed)
          await deps.apps.save(app, { ...app, ...review, updated_at: after.updated_at });
      }
      await deps.store.put(app.id, after);
      return { before: before ?? null, after };
    },
  };
}
