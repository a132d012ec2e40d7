import * as z from 'zod';
import { APP_STATUSES } from '../app-status';
import {
  APP_TYPES,
  COMPANY_SIZES,
  LICENSING_TYPES,
  LIMITS,
  MARKETPLACE_CURSOR_MAX,
  MARKETPLACE_PAGE_MAX,
  PAID_PRICE_REQUIRED,
  PAID_PRICING_MODELS,
  PRICE_PERIODS,
  PRICING_MODELS,
  SORT_OPTIONS,
} from '../constants';
import { MSG } from '../messages';
import { orderPracticeSystems, PRACTICE_SYSTEM_VALUES } from '../practice-systems';
import { cleanList } from '../rules/lists';
import { CategorySchema } from './categories';
import { limitParam } from './query-numbers';
import { blankToUndefined, idText, optionalText, requiredText } from './text-fields';

/**
 * Apps as the API returns them (docs/spec.md section 3). Money is in dollars here (the server keeps
 * integer cents); tags are one comma-separated string; absent optional values are null.
 *
 * - AppCardSchema: what GET /api/marketplace/apps and the category page return per app (the
 *   app card and the home page).
 * - PublicAppSchema: the app detail page (GET /api/marketplace/apps/by-slug/{slug}).
 * - AppSchema: the owner's and the admin's view; adds the moderation state. Licensing secrets
 *   (license_keys, universal_access_code, licensing_instructions, webhook_license_url) are in
 *   none of these: the developer-apps API adds them to the owner's edit view only.
 */

const text = z.string().nullable();
const list = z.array(z.string());

export const AppCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(APP_TYPES),
  short_description: text,
  description: text,
  tagline: text,
  /** Category name (the spec files apps by name); category_slug links to the category page. */
  category: text,
  category_slug: text,
  icon_url: text,
  pricing_model: z.enum(PRICING_MODELS).nullable(),
  /** Dollars. 0 for free apps. */
  price: z.number(),
  price_period: z.enum(PRICE_PERIODS).nullable(),
  free_trial_days: z.number().int().nullable(),
  /** Average of the visible verified reviews (0 without any), to 2 decimals. */
  average_rating: z.number(),
  /** Active licences (completed, not refunded). */
  installations: z.number().int(),
  /** Visible verified reviews behind average_rating. */
  review_count: z.number().int(),
  /** Practice-management systems the app works with (shared/practice-systems.ts), in catalogue order. */
  practice_systems: z.array(z.enum(PRACTICE_SYSTEM_VALUES)),
  user_id: z.string(),
  company_name: text,
  created_at: z.string(),
  /** Comma-separated. */
  tags: z.string(),
});
export type AppCard = z.infer<typeof AppCardSchema>;

export const PublicAppSchema = AppCardSchema.extend({
  long_description: text,
  website_url: text,
  demo_url: text,
  documentation_url: text,
  support_url: text,
  privacy_policy_url: text,
  terms_url: text,
  logo_url: text,
  screenshots: list,
  demo_video_url: text,
  key_features: list,
  use_cases: list,
  integrations: list,
  refund_policy: text,
  company_size: text,
  founded_year: z.number().int().nullable(),
  target_audience: text,
  unique_selling_points: list,
  competitor_comparison: text,
  customer_testimonials: list,
  licensing_type: z.enum(LICENSING_TYPES).nullable(),
  is_approved: z.boolean(),
  updated_at: z.string(),
});
export type PublicApp = z.infer<typeof PublicAppSchema>;

export const AppSchema = PublicAppSchema.extend({
  is_suspended: z.boolean(),
});
export type App = z.infer<typeof AppSchema>;

export {
  MARKETPLACE_ANSWER_MAX_BYTES,
  MARKETPLACE_CURSOR_MAX,
  MARKETPLACE_PAGE_MAX,
  MARKETPLACE_PAGE_SIZE,
  MARKETPLACE_UNPAGED_MAX,
} from '../constants';

/**
 * Query of GET /api/marketplace/apps (and of the category call). All optional. Without limit and
 * cursor the answer is the plain array the spec's client expects (at most MARKETPLACE_UNPAGED_MAX
 * apps, see above); with either of them it is a MarketplacePage ({items, next_cursor, total}).
 */
export const MarketplaceQuerySchema = z.object({
  /** Case-insensitive match on name, description or short description. */
  q: z.string().trim().max(100, 'q: at most 100 characters').optional(),
  /** Category slug or name. */
  category: z.string().trim().max(80, 'category: at most 80 characters').optional(),
  sort: z.enum(SORT_OPTIONS, { error: `sort must be one of ${SORT_OPTIONS.join(', ')}` }).default('name'),
  /** Only apps that declare this practice-management system (shared/practice-systems.ts). */
  works_with: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .enum(PRACTICE_SYSTEM_VALUES, { error: `works_with must be one of ${PRACTICE_SYSTEM_VALUES.join(', ')}` })
      .optional(),
  ),
  limit: limitParam(MARKETPLACE_PAGE_MAX).optional(),
  /** Opaque; the next_cursor of the previous page. */
  cursor: z.string().max(MARKETPLACE_CURSOR_MAX, 'Invalid cursor').optional(),
});
export type MarketplaceQuery = z.infer<typeof MarketplaceQuerySchema>;

export const MarketplacePageSchema = z.object({
  items: z.array(AppCardSchema),
  /** null on the last page. */
  next_cursor: z.string().nullable(),
  /** Matching apps over all pages. */
  total: z.number().int(),
});
export type MarketplacePage = z.infer<typeof MarketplacePageSchema>;

export const MarketplaceAppsSchema = z.union([z.array(AppCardSchema), MarketplacePageSchema]);

/** GET /api/marketplace/apps/category/{slug}; next_cursor and total only when paged. */
export const CategoryAppsSchema = z.object({
  category: CategorySchema,
  apps: z.array(AppCardSchema),
  next_cursor: z.string().nullable().optional(),
  total: z.number().int().optional(),
});
export type CategoryApps = z.infer<typeof CategoryAppsSchema>;

export const SlugParamSchema = z.object({
  slug: z.string().trim().min(1, 'App not found').max(200, 'App not found'),
});

// ------------------------------------------------------------------------------------------------
// Developer apps and review (docs/spec.md sections 3, 4, 5 and 7): the quick form, the wizard's full
// payload, the owner's and the admin's views, uploads. The server parses requests with these
// schemas; their messages are the 400 `detail`s, so the SPA can reuse them word for word.
// ------------------------------------------------------------------------------------------------

/** Texts of the developer-apps and admin-apps API that the spec does not quote itself. */
export const APP_MESSAGES = {
  typeNotChangeable: 'App type cannot be changed',
  alreadyApproved: 'App is already approved',
  notApproved: 'App is not approved',
  incompleteListing: 'This app cannot be published yet: its listing has no category',
  keyFeatures: 'At least 2 key features are required',
  unknownCategory: (category: string) => `Category "${category}" is not one of the marketplace categories`,
  webhookHttps: 'Webhook license URL must use https',
  trialSubscriptionOnly: 'A free trial is only available for subscription pricing: leave Free trial days empty',
  foreignUpload: (field: string) => `${field} must be an image you uploaded for this app`,
  onlyImages: 'Only PNG, JPEG, GIF or WebP images are allowed',
  imageTooLarge: 'Each image must be at most 5MB',
  iconSize: 'The icon must be a square image of at least 256x256 pixels',
  oneIcon: 'Upload one icon at a time',
  noFiles: 'Choose at least one image to upload',
  multipartRequired: 'Send the images as multipart/form-data in the field "files"',
  malformedMultipart: 'Malformed multipart/form-data body',
  uploadNotFound: 'The upload was not found or has expired: upload the image again',
  nothingToWithdraw: 'No changes of this app are waiting for review',
} as const;

/** Limits the spec leaves open (the spec's own limits are in LIMITS). */
export const APP_FIELD_LIMITS = {
  name: 100,
  longDescription: 10_000,
  description: 5_000,
  text: 2_000,
  url: 2_048,
  tags: 20,
  tag: 40,
  listItems: 20,
  listItem: 500,
  licenseKeys: 1_000,
  licenseKey: 200,
  freeTrialDays: 365,
  maxPrice: 999_999.99,
} as const;

export { APP_STATUSES, type AppStatus } from '../app-status';

const L = APP_FIELD_LIMITS;

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};
/**
 * An upload of this product on its own origin, /uploads/apps/<id>/<file> (never //host or \). No
 * other same-origin path is an image: a listing's "image" at /api/... would make every visitor's
 * browser call the API.
 */
const isUploadPath = (value: string): boolean =>
  value.startsWith('/uploads/') && !value.includes('\\') && !/\s/.test(value) && !/(^|\/)\.\.?(\/|$)/.test(value);

const urlText = (label: string, allowUploadPath: boolean) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(L.url, `${label} must be at most ${L.url} characters`)
    .refine((v) => isHttpUrl(v) || (allowUploadPath && isUploadPath(v)), `${label} must be a valid URL`);

/** An absolute http(s) URL. */
const webUrl = (label: string) => urlText(label, false);
const optionalWebUrl = (label: string) => z.preprocess(blankToUndefined, webUrl(label).optional());
/** An image: an absolute http(s) URL or an upload of this product (/uploads/...). */
const imageUrl = (label: string) => urlText(label, true);
const optionalImageUrl = (label: string) => z.preprocess(blankToUndefined, imageUrl(label).optional());

export { cleanList };

/** A list of short texts (key features, use cases...): blank entries dropped. */
const textList = (label: string, max = L.listItems) =>
  z
    .preprocess((v) => (v === null || v === undefined ? [] : v), z.array(z.string({ error: `${label} must be text` })))
    .transform((v) => cleanList(v))
    .pipe(
      z
        .array(z.string().max(L.listItem, `Each of ${label.toLowerCase()} must be at most ${L.listItem} characters`))
        .max(max, `At most ${max} ${label.toLowerCase()} are allowed`),
    );

/** Tags: a comma-separated string (the spec's wire format) or a list; trimmed, duplicates ignored. */
export const TagsInputSchema = z
  .preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.union([z.string(), z.array(z.string())], { error: 'Tags must be a comma-separated string' }),
  )
  .transform((v) => cleanList(typeof v === 'string' ? v.split(',') : v, true))
  .pipe(
    z
      .array(z.string().max(L.tag, `Each tag must be at most ${L.tag} characters`))
      .max(L.tags, `At most ${L.tags} tags are allowed`),
  );

/** License keys: a list or one key per line; trimmed, blank lines dropped, duplicates removed. */
export const LicenseKeysInputSchema = z
  .preprocess(
    (v) => (v === null || v === undefined ? [] : v),
    z.union([z.string(), z.array(z.string())], { error: 'License keys must be a list or one key per line' }),
  )
  .transform((v) => cleanList(typeof v === 'string' ? v.split(/\r?\n/) : v))
  .pipe(
    z
      .array(z.string().max(L.licenseKey, `Each license key must be at most ${L.licenseKey} characters`))
      .max(L.licenseKeys, `At most ${L.licenseKeys} license keys can be saved at once`),
  );

const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
const numberish = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** Price in dollars (>= 0, cents at most); absent means 0. The server stores integer cents. */
export const PriceInputSchema = z.preprocess(
  (v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? 0 : numberish(v)),
  z
    .number({ error: 'Price must be a number' })
    .min(0, 'Price must be at least 0')
    .max(L.maxPrice, `Price must be at most ${L.maxPrice}`)
    .refine(twoDecimals, 'Price can have at most 2 decimal places (whole cents)'),
);

export const FreeTrialDaysInputSchema = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : numberish(v)),
  z
    .number({ error: 'Free trial days must be a whole number' })
    .int('Free trial days must be a whole number')
    .min(0, 'Free trial days must be at least 0')
    .max(L.freeTrialDays, `Free trial days must be at most ${L.freeTrialDays}`)
    .nullable(),
);

/** Founded year: a string (or number) of a year from 1900 to the current year, or null. */
export const FoundedYearInputSchema = z
  .preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : String(v).trim()),
    z.string().nullable(),
  )
  .superRefine((v, ctx) => {
    if (v === null) return;
    const year = Number(v);
    const max = new Date().getUTCFullYear();
    if (!/^\d{4}$/.test(v) || year < LIMITS.foundedYearMin || year > max) {
      ctx.addIssue({ code: 'custom', message: `Founded year must be between ${LIMITS.foundedYearMin} and ${max}` });
    }
  })
  .transform((v) => (v === null ? null : Number(v)));

/**
 * The practice-management systems an app declares (values of shared/practice-systems.ts); absent
 * keeps what is stored, null or [] clears. Answered in catalogue order, duplicates dropped.
 */
export const PracticeSystemsInputSchema = z
  .preprocess(
    (v) => (v === null ? [] : v),
    z
      .array(
        z.enum(PRACTICE_SYSTEM_VALUES, {
          error: `Practice systems must be among ${PRACTICE_SYSTEM_VALUES.join(', ')}`,
        }),
        { error: 'Practice systems must be a list' },
      )
      .max(PRACTICE_SYSTEM_VALUES.length * 2, 'Too many practice systems'),
  )
  .transform(orderPracticeSystems)
  .optional();

const appTypeSchema = z.enum(APP_TYPES, { error: `App type is required: one of ${APP_TYPES.join(', ')}` });

/** POST /api/apps (quick create). Unknown fields are ignored. */
export const QuickAppCreateSchema = z.object({
  name: requiredText('App name', L.name),
  type: appTypeSchema,
  website_url: optionalWebUrl('Website URL'),
  description: optionalText('Description', L.description),
  short_description: optionalText('Short description', LIMITS.shortDescriptionMax),
  category: optionalText('Category', 100),
  practice_systems: PracticeSystemsInputSchema,
});
export type QuickAppCreate = z.infer<typeof QuickAppCreateSchema>;

/**
 * PUT /api/apps/{id} (quick update). type may be sent but must be the app's type. Optional fields
 * that are absent keep their stored value; sent blank they are cleared.
 */
export const QuickAppUpdateSchema = QuickAppCreateSchema.extend({
  type: z.preprocess(blankToUndefined, appTypeSchema.optional()),
});
export type QuickAppUpdate = z.infer<typeof QuickAppUpdateSchema>;

/**
 * The quick form's body as the SPA sends it: POST /api/apps with the type, PUT /api/apps/{id}
 * without it (an app's type never changes). QuickAppCreateSchema / QuickAppUpdateSchema read it.
 */
export const QuickAppPayloadSchema = z.object({
  name: z.string(),
  type: z.enum(APP_TYPES).optional(),
  description: z.string(),
  website_url: z.string(),
  practice_systems: list,
});
export type QuickAppPayload = z.infer<typeof QuickAppPayloadSchema>;

/** The wizard's `metadata` object (spec section 7). */
export const AppMetadataInputSchema = z.preprocess(
  (v) => (v === null || v === undefined ? {} : v),
  z.object(
    {
      screenshots: z
        .preprocess(
          (v) => (v === null || v === undefined ? [] : v),
          z.array(z.string({ error: 'Screenshots must be a list of URLs' })),
        )
        .transform((v) => cleanList(v))
        .pipe(z.array(imageUrl('Screenshot URL')).max(LIMITS.maxScreenshots, MSG.maxScreenshots)),
      use_cases: textList('Use cases'),
      integrations: textList('Integrations'),
      price_period: z.preprocess(
        blankToUndefined,
        z.enum(PRICE_PERIODS, { error: `Billing period must be one of ${PRICE_PERIODS.join(', ')}` }).optional(),
      ),
      refund_policy: optionalText('Refund policy', L.text),
      company_size: z.preprocess(
        blankToUndefined,
        z.enum(COMPANY_SIZES, { error: `Company size must be one of ${COMPANY_SIZES.join(', ')}` }).optional(),
      ),
      target_audience: optionalText('Target audience', L.text),
      unique_selling_points: textList('Unique selling points'),
      privacy_policy_url: optionalWebUrl('Privacy policy URL'),
      terms_url: optionalWebUrl('Terms URL'),
      logo_url: optionalImageUrl('Logo URL'),
      demo_video_url: optionalWebUrl('Demo video URL'),
    },
    { error: 'metadata must be an object' },
  ),
);

/**
 * POST /api/apps/submit and PUT /api/apps/{id}/update: the wizard's full payload (spec section
 * 7) with every rule of section 5. Category existence, the webhook URL's scheme (https, http only
 * locally) and upload ownership are checked by the service, which knows the catalogue and caller.
 */
export const AppSubmitSchema = z
  .object({
    name: requiredText('App name', L.name),
    tagline: requiredText('Tagline', LIMITS.taglineMax),
    short_description: requiredText('Short description', LIMITS.shortDescriptionMax),
    long_description: optionalText('Long description', L.longDescription),
    category: requiredText('Category', 100),
    tags: TagsInputSchema,
    website_url: webUrl('Website URL'),
    icon_url: imageUrl('Icon URL'),
    demo_url: optionalWebUrl('Demo URL'),
    documentation_url: optionalWebUrl('Documentation URL'),
    support_url: optionalWebUrl('Support URL'),
    key_features: z
      .preprocess(
        (v) => (v === null || v === undefined ? [] : v),
        z.array(z.string({ error: 'Key features must be text' }), { error: 'Key features must be a list' }),
      )
      .transform((v) => cleanList(v))
      .pipe(
        z
          .array(z.string().max(L.listItem, `Each key feature must be at most ${L.listItem} characters`))
          .min(LIMITS.minKeyFeatures, APP_MESSAGES.keyFeatures)
          .max(L.listItems, `At most ${L.listItems} key features are allowed`),
      ),
    pricing_model: z.enum(PRICING_MODELS, {
      error: `Pricing model is required: one of ${PRICING_MODELS.join(', ')}`,
    }),
    price: PriceInputSchema,
    company_name: requiredText('Company name', 200),
    licensing_type: z.enum(LICENSING_TYPES, {
      error: `Licensing type is required: one of ${LICENSING_TYPES.join(', ')}`,
    }),
    license_keys: LicenseKeysInputSchema,
    universal_access_code: optionalText('Universal access code', 500),
    licensing_instructions: optionalText('Licensing instructions', L.description),
    webhook_license_url: optionalWebUrl('Webhook license URL'),
    free_trial_days: FreeTrialDaysInputSchema,
    founded_year: FoundedYearInputSchema,
    metadata: AppMetadataInputSchema,
    practice_systems: PracticeSystemsInputSchema,
    /** Not part of the wizard; when sent on update it must be the app's type. */
    type: z.preprocess(blankToUndefined, appTypeSchema.optional()),
  })
  .superRefine((p, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    // A $0 paid licence would read "$0.00 / Purchase License" yet be granted free: refuse it here.
    if ((PAID_PRICING_MODELS as readonly string[]).includes(p.pricing_model) && !(p.price > 0)) {
      need('price', PAID_PRICE_REQUIRED);
    }
    // Checkout gives a trial only to subscriptions: promising one on another model would be untrue.
    if (p.pricing_model !== 'subscription' && (p.free_trial_days ?? 0) > 0) {
      need('free_trial_days', APP_MESSAGES.trialSubscriptionOnly);
    }
    if (p.licensing_type === 'manual' && !p.licensing_instructions) {
      need('licensing_instructions', 'Licensing instructions are required for manual licensing');
    }
    if (p.licensing_type === 'key_pool' && p.license_keys.length === 0) {
      need('license_keys', 'At least one license key is required for a key pool');
    }
    if (p.licensing_type === 'universal_code' && !p.universal_access_code) {
      need('universal_access_code', 'A universal access code is required for universal code licensing');
    }
    if (p.licensing_type === 'webhook' && !p.webhook_license_url) {
      need('webhook_license_url', 'A webhook license URL is required for webhook licensing');
    }
  });
export type AppSubmit = z.infer<typeof AppSubmitSchema>;

/**
 * The wizard's payload exactly as the SPA sends it to POST /api/apps/submit and PUT
 * /api/apps/{id}/update: every field present, blanks as '', tags as one comma-separated string,
 * price and trial days as numbers, founded_year as text. AppSubmitSchema above reads it (and the
 * looser forms other clients send); apps.test.ts checks that a payload of this shape passes it.
 */
export const AppSubmitPayloadSchema = z.object({
  name: z.string(),
  tagline: z.string(),
  short_description: z.string(),
  long_description: z.string(),
  category: z.string(),
  tags: z.string(),
  website_url: z.string(),
  icon_url: z.string(),
  demo_url: z.string(),
  documentation_url: z.string(),
  support_url: z.string(),
  key_features: list,
  pricing_model: z.enum(PRICING_MODELS),
  price: z.number(),
  company_name: z.string(),
  licensing_type: z.enum(LICENSING_TYPES),
  license_keys: list,
  universal_access_code: z.string(),
  licensing_instructions: z.string(),
  webhook_license_url: z.string(),
  free_trial_days: z.number().nullable(),
  founded_year: z.string().nullable(),
  practice_systems: list,
  metadata: z.object({
    screenshots: list,
    use_cases: list,
    integrations: list,
    /** Only for a subscription. */
    price_period: z.enum(PRICE_PERIODS).nullable(),
    refund_policy: z.string(),
    company_size: z.string(),
    target_audience: z.string(),
    unique_selling_points: list,
    privacy_policy_url: z.string(),
    terms_url: z.string(),
    logo_url: z.string(),
    demo_video_url: z.string(),
  }),
});
export type AppSubmitPayload = z.infer<typeof AppSubmitPayloadSchema>;

/** {id} of every app route (developer, admin, checkout, webhooks, Partner API): anything unusable is simply not found. */
export const AppIdParams = z.object({
  id: idText(MSG.appNotFound, 200),
});

export const LicenseKeyPoolSchema = z.object({ available: z.number().int(), assigned: z.number().int() });

/** GET /api/apps (each item): the owner's view with the review status; no licensing secrets. */
export const OwnerAppSummarySchema = AppSchema.extend({
  /** shared/app-status.ts: Suspended, Pending Review, then Published (public apps) or Active (others). */
  status: z.enum(APP_STATUSES),
  suspended_at: text,
  /** The reason the admin gave when suspending (null when none was given or the app is not suspended). */
  suspension_reason: text,
  /**
   * Fields of an approved app changed since the admin's review and waiting for it (the marketplace
   * shows the reviewed values meanwhile); empty when none wait.
   */
  review_pending: z.array(z.string()),
});
export type OwnerAppSummary = z.infer<typeof OwnerAppSummarySchema>;
export const OwnerAppListSchema = z.array(OwnerAppSummarySchema);

/**
 * GET /api/apps/{id} and the answers of the developer writes: the edit view, the only response
 * with the licensing material. license_keys lists every pool key (available and assigned) in the
 * order they were added; license_key_pool counts them.
 */
export const OwnerAppSchema = OwnerAppSummarySchema.extend({
  universal_access_code: text,
  licensing_instructions: text,
  webhook_license_url: text,
  license_webhook_secret: text,
  license_keys: list,
  license_key_pool: LicenseKeyPoolSchema,
});
export type OwnerApp = z.infer<typeof OwnerAppSchema>;

/**
 * GET /api/admin/apps (each item): every app of every type with its developer's e-mail. Sales
 * figures are numbers for public apps (filled in by checkout) and null for other types.
 */
export const AdminAppSchema = OwnerAppSummarySchema.extend({
  user_email: text,
  /**
   * Material edits waiting for review (core/apps/review.ts): the changed fields, when, and the
   * diff; null when none waits (reviewed, withdrawn, or never changed).
   */
  review_flag: z
    .object({
      fields: z.array(z.string()),
      flagged_at: z.string(),
      /**
       * The before/after diff: each changed field with its reviewed value (what the public page
       * still shows) and its new value; the licence code masked, the licence webhook by host.
       */
      changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    })
    .nullable(),
  purchases: z.number().int().nullable(),
  total_sales: z.number().int().nullable(),
  /** Dollars. */
  total_revenue: z.number().nullable(),
  /** Active installs of a public app (practices that granted its permissions and have not revoked). */
  installs: z.number().int().nullable().optional(),
});
export type AdminApp = z.infer<typeof AdminAppSchema>;
export const AdminAppListSchema = z.array(AdminAppSchema);

/** POST /api/admin/apps/{id}/suspend: an optional reason, mailed to the developer. */
export const SuspendAppSchema = z.object({ reason: optionalText('Reason', L.text) });

/** Answer of approve / suspend: the spec's message and the app as it is now. */
export const AdminAppActionSchema = z.object({ message: z.string(), app: AdminAppSchema });
export const AppMessageSchema = z.object({ message: z.string() });

export const UPLOAD_KINDS = ['screenshot', 'icon'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * Query of POST /api/upload/screenshots. Without app_id (the wizard's first submit, before the app
 * exists) images are kept as the caller's drafts.
 */
export const UploadQuerySchema = z.object({
  app_id: z.preprocess(blankToUndefined, z.string().trim().max(100, MSG.appNotFound).optional()),
  kind: z.preprocess(
    blankToUndefined,
    z.enum(UPLOAD_KINDS, { error: `kind must be one of ${UPLOAD_KINDS.join(', ')}` }).default('screenshot'),
  ),
});

export const UploadedImageSchema = z.object({
  /** Same-origin URL to put into the submit payload (served at /uploads/<key>). */
  url: z.string(),
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  content_type: z.string(),
  size: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;
export const UploadResponseSchema = z.object({ images: z.array(UploadedImageSchema) });

/**
 * POST /api/upload/presign: one signed S3 form per file, so browsers send images straight to the
 * bucket (API Gateway and Lambda take at most 6 MB per request). `size` is what the browser
 * reports; the signed policy and the confirm call hold the 5 MB limit whatever it says.
 */
export const UploadPresignSchema = UploadQuerySchema.extend({
  files: z
    .array(
      z.object({
        name: z.string().max(255).optional(),
        size: z.number({ error: 'size must be a number of bytes' }).int().min(0),
      }),
      { error: APP_MESSAGES.noFiles },
    )
    .min(1, APP_MESSAGES.noFiles),
});
export const UploadFormSchema = z.object({
  /** Where the browser posts the form (the bucket, locally the local S3). */
  url: z.string(),
  /** Form fields to send before the file, which goes last in the field "file". */
  fields: z.record(z.string(), z.string()),
  /** The pending object's key, to name in the confirm call. */
  key: z.string(),
});
export const UploadPresignResponseSchema = z.object({
  uploads: z.array(UploadFormSchema),
  /** Seconds the forms stay valid. */
  expires_in: z.number().int(),
});

/** POST /api/upload/confirm: the pending keys the browser stored; answers like the multipart upload. */
export const UploadConfirmSchema = UploadQuerySchema.extend({
  keys: z
    .array(z.string().max(300), { error: APP_MESSAGES.noFiles })
    .min(1, APP_MESSAGES.noFiles)
    .max(LIMITS.maxScreenshots, MSG.maxScreenshots),
});
