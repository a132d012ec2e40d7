/**
 * The data an app touches: which features of the practice system's catalogue (synced
 * by the internal sync) an app reads or writes, which event types it subscribes to, and whether
 * the developer signs a Business Associate Agreement. Declared by the developer
 * (PUT /api/apps/{id}/data-access), shown on the app page and in the admin review.
 */
import * as z from 'zod';
import { ACCESS_MODES, PERMISSIONS_MAX_ITEMS, PERMISSIONS_MESSAGES } from '../rules/permissions';

export {
  ACCESS_MODE_LABELS,
  ACCESS_MODES,
  type AccessMode,
  PERMISSIONS_MAX_ITEMS,
  PERMISSIONS_MESSAGES,
} from '../rules/permissions';

const isHttps = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname !== '';
  } catch {
    return false;
  }
};

export const PermissionsInputSchema = z
  .object({
    features: z
      .array(
        z.object({
          id: z.string().trim().min(1).max(100),
          access: z.enum(ACCESS_MODES, { error: PERMISSIONS_MESSAGES.mode }),
        }),
      )
      .max(PERMISSIONS_MAX_ITEMS)
      .default([]),
    event_types: z.array(z.string().trim().min(1).max(100)).max(PERMISSIONS_MAX_ITEMS).default([]),
    baa_signed: z.boolean({ error: 'baa_signed must be true or false' }),
    baa_url: z
      .string()
      .trim()
      .max(2048)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.features.map((f) => f.id)).size !== v.features.length) {
      ctx.addIssue({ code: 'custom', message: PERMISSIONS_MESSAGES.duplicateFeature });
    }
    if (v.baa_signed && !v.baa_url) ctx.addIssue({ code: 'custom', message: PERMISSIONS_MESSAGES.baaUrlRequired });
    if (v.baa_url && !isHttps(v.baa_url)) ctx.addIssue({ code: 'custom', message: PERMISSIONS_MESSAGES.baaUrlHttps });
  });
export type PermissionsInput = z.input<typeof PermissionsInputSchema>;

export const DeclaredFeatureSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  access: z.enum(ACCESS_MODES),
  /** The feature's tables as the catalogue had them when the developer declared. */
  tables: z.array(z.object({ name: z.string(), column_count: z.number().int() })),
});

export const PermissionsDeclarationSchema = z.object({
  features: z.array(DeclaredFeatureSchema),
  event_types: z.array(z.object({ id: z.string(), description: z.string() })),
  baa_signed: z.boolean(),
  baa_url: z.string().nullable(),
  updated_at: z.string(),
});
export type PermissionsDeclaration = z.infer<typeof PermissionsDeclarationSchema>;

/** An app's permissions as the app page, the owner and the admin review read it. */
export const PermissionsViewSchema = z.object({
  /** false until the internal sync has loaded the catalogue: nothing can be declared yet. */
  catalogue_synced: z.boolean(),
  /** null when the developer has declared nothing yet. */
  declaration: PermissionsDeclarationSchema.nullable(),
});
export type PermissionsView = z.infer<typeof PermissionsViewSchema>;

/** GET /api/data-access/catalogue: what a developer can declare. */
export const PermissionsCatalogueSchema = z.object({
  catalogue_synced: z.boolean(),
  features: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      category: z.string(),
      description: z.string(),
      table_count: z.number(),
    }),
  ),
  event_types: z.array(z.object({ id: z.string(), description: z.string() })),
});
export type PermissionsCatalogue = z.infer<typeof PermissionsCatalogueSchema>;
