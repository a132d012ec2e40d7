/**
 * The data an app touches: which features of the practice system's catalogue (synced
 * by the internal sync) an app reads or writes, which event types it subscribes to, and whether
 * the developer signs a Business Associate Agreement. Declared by the developer
 * (PUT /api/apps/{id}/data-access), shown on the app page and in the admin review.
 */
import * as z from 'zod';
import { DATA_ACCESS_MAX_ITEMS, DATA_ACCESS_MESSAGES, DATA_ACCESS_MODES } from '../rules/data-access';

export {
  DATA_ACCESS_MAX_ITEMS,
  DATA_ACCESS_MESSAGES,
  DATA_ACCESS_MODE_LABELS,
  DATA_ACCESS_MODES,
  type DataAccessMode,
} from '../rules/data-access';

const isHttps = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname !== '';
  } catch {
    return false;
  }
};

export const DataAccessInputSchema = z
  .object({
    features: z
      .array(
        z.object({
          id: z.string().trim().min(1).max(100),
          access: z.enum(DATA_ACCESS_MODES, { error: DATA_ACCESS_MESSAGES.mode }),
        }),
      )
      .max(DATA_ACCESS_MAX_ITEMS)
      .default([]),
    event_types: z.array(z.string().trim().min(1).max(100)).max(DATA_ACCESS_MAX_ITEMS).default([]),
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
      ctx.addIssue({ code: 'custom', message: DATA_ACCESS_MESSAGES.duplicateFeature });
    }
    if (v.baa_signed && !v.baa_url) ctx.addIssue({ code: 'custom', message: DATA_ACCESS_MESSAGES.baaUrlRequired });
    if (v.baa_url && !isHttps(v.baa_url)) ctx.addIssue({ code: 'custom', message: DATA_ACCESS_MESSAGES.baaUrlHttps });
  });
export type DataAccessInput = z.input<typeof DataAccessInputSchema>;

export const DeclaredFeatureSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  access: z.enum(DATA_ACCESS_MODES),
  /** The feature's tables as the catalogue had them when the developer declared. */
  tables: z.array(z.object({ name: z.string(), column_count: z.number().int() })),
});

export const DataAccessDeclarationSchema = z.object({
  features: z.array(DeclaredFeatureSchema),
  event_types: z.array(z.object({ id: z.string(), description: z.string() })),
  baa_signed: z.boolean(),
  baa_url: z.string().nullable(),
  updated_at: z.string(),
});
export type DataAccessDeclaration = z.infer<typeof DataAccessDeclarationSchema>;

/** An app's data access as the app page, the owner and the admin review read it. */
export const DataAccessViewSchema = z.object({
  /** false until the internal sync has loaded the catalogue: nothing can be declared yet. */
  catalogue_synced: z.boolean(),
  /** null when the developer has declared nothing yet. */
  declaration: DataAccessDeclarationSchema.nullable(),
});
export type DataAccessView = z.infer<typeof DataAccessViewSchema>;

/** GET /api/data-access/catalogue: what a developer can declare. */
export const DataAccessCatalogueSchema = z.object({
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
export type DataAccessCatalogue = z.infer<typeof DataAccessCatalogueSchema>;
