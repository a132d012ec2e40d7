/**
 * Installs: the link between a practice and an app it licensed, holding what the practice
 * consented to (the permissions granted from the app's declaration). GET /api/installs (the
 * buyer), POST /api/installs/{id}/grant and /revoke, GET /v1/installs?app_id= (the developer's
 * API key). docs/behaviour.md#installs-and-consent.
 */
import * as z from 'zod';
import { ACCESS_MODES } from '../rules/permissions';
import { cursorPage } from './paging';
import { INVALID_CURSOR, PARTNER_PAGE_DEFAULT, PARTNER_PAGE_MAX } from './partner';
import { limitParam } from './query-numbers';

export const INSTALL_STATUSES = ['pending', 'active', 'revoked'] as const;
export type InstallStatus = (typeof INSTALL_STATUSES)[number];

export const INSTALL_MESSAGES = {
  notFound: 'Install not found',
  changed: 'This install was changed meanwhile (in another tab or by another person): reload and try again',
  nothingToGrant: 'There is nothing to grant: the app declares no access',
  linkInvalid: 'This link is invalid or has expired',
} as const;

/** Permissions: event types an app receives and the practice-system features it reads or writes. */
export const PermissionsSchema = z
  .object({
    event_types: z.array(z.string()),
    features: z.array(z.object({ id: z.string(), access: z.enum(ACCESS_MODES) })),
  })
  .meta({ id: 'Permissions' });
export type Permissions = z.infer<typeof PermissionsSchema>;

const installFields = {
  id: z.string(),
  app_id: z.string(),
  status: z.enum(INSTALL_STATUSES),
  /** What the app may use now (never more than it declares today). */
  granted: PermissionsSchema,
  /** Only while the app's declaration asks for more than was granted: everything it asks for. */
  requested: PermissionsSchema.optional(),
  /** The declaration version (its updated_at) the grant came from; null when nothing was granted from one. */
  declaration_version: z.string().nullable(),
  installed_at: z.string(),
  revoked_at: z.string().nullable(),
};

/** An install as its buyer reads it. */
export const BuyerInstallSchema = z
  .object({ ...installFields, app: z.object({ id: z.string(), name: z.string(), slug: z.string().nullable() }) })
  .meta({ id: 'BuyerInstall' });
export type BuyerInstall = z.infer<typeof BuyerInstallSchema>;

export const BuyerInstallListSchema = z.object({ installs: z.array(BuyerInstallSchema) });
export type BuyerInstallList = z.infer<typeof BuyerInstallListSchema>;

/** An install as the app's developer reads it (GET /v1/installs). */
export const DeveloperInstallSchema = z
  .object({ ...installFields, practice_id: z.string(), customer_email: z.string() })
  .meta({ id: 'DeveloperInstall' });
export type DeveloperInstall = z.infer<typeof DeveloperInstallSchema>;

export const DeveloperInstallPageSchema = cursorPage({ items: z.array(DeveloperInstallSchema) });

/** GET /v1/installs?app_id=&limit=&cursor= (the Partner API's paging). */
export const InstallListQuery = z.object({
  app_id: z.string({ error: 'app_id is required' }).trim().min(1, 'app_id is required').max(128),
  limit: limitParam(PARTNER_PAGE_MAX).default(PARTNER_PAGE_DEFAULT),
  cursor: z.string().max(1024, INVALID_CURSOR).optional(),
});

/** GET /api/apps/{id}/installs?limit=&cursor=: the owner's app's installs (My Apps), newest first. */
export const AppInstallsQuery = InstallListQuery.omit({ app_id: true });

export const InstallIdParam = z.object({ id: z.string().trim().min(1).max(128) });

/** POST /api/install-link: the licence mail's access link token (a guest's way to see and revoke an app's access). */
export const InstallLinkRequest = z.object({
  token: z
    .string({ error: 'token is required' })
    .trim()
    .min(1, 'token is required')
    .max(2048, INSTALL_MESSAGES.linkInvalid),
});

/** POST /api/install-link/revoke: the token and the install the page showed (the link's own, nothing else). */
export const InstallLinkRevokeRequest = InstallLinkRequest.extend({
  install_id: z.string({ error: 'install_id is required' }).trim().min(1, 'install_id is required').max(128),
});
