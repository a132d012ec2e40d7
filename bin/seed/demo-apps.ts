/**
 * Demo catalogue content: realistic dental apps owned by the demo developers, spread over the
 * spec's categories, plus two apps that must NOT be listed (one internal, one public app pending
 * review) so the visibility rules can be seen locally. The content is data (demo-apps.json, one
 * entry per app); this module checks it against the shape below when it loads, so a typo in the
 * data fails the seed and its tests instead of writing a broken app. bin/seed/catalogue.ts stores
 * it. Ids, slugs and demo licence keys are fixed so seeding is idempotent.
 */

import { APP_TYPES, PRICE_PERIODS, PRICING_MODELS } from '@shared/constants';
import * as z from 'zod';
import content from './demo-apps.json';
import { DEMO_DEVELOPERS } from './demo-developers';

type DeveloperId = (typeof DEMO_DEVELOPERS)[number]['id'];
const developerIds: readonly string[] = DEMO_DEVELOPERS.map((d) => d.id);

const DemoLicensingSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('key_pool'), keys: z.number().int().positive() }),
  z.strictObject({ type: z.literal('universal_code'), code: z.string().min(1) }),
  z.strictObject({ type: z.literal('manual'), instructions: z.string().min(1) }),
]);

const texts = z.array(z.string().min(1));

const DemoAppSchema = z.strictObject({
  slug: z.string().min(1),
  name: z.string().min(1),
  developer: z.custom<DeveloperId>((v) => typeof v === 'string' && developerIds.includes(v), 'unknown demo developer'),
  category_slug: z.string().min(1),
  /** Default public. */
  type: z.enum(APP_TYPES).optional(),
  /** Default true. */
  is_approved: z.boolean().optional(),
  /** Host of the vendor's (fictional) site; website, docs, support, privacy and terms derive from it. */
  domain: z.string().min(1),
  tagline: z.string().min(1),
  short_description: z.string().min(1),
  description: z.string().min(1),
  long_description: z.string().min(1),
  key_features: texts,
  use_cases: texts,
  integrations: texts,
  tags: texts,
  pricing_model: z.enum(PRICING_MODELS),
  price_cents: z.number().int().nonnegative(),
  price_period: z.enum(PRICE_PERIODS).optional(),
  free_trial_days: z.number().int().nonnegative().optional(),
  refund_policy: z.string().min(1),
  company_size: z.string().min(1),
  founded_year: z.number().int(),
  target_audience: z.string().min(1),
  unique_selling_points: texts,
  licensing: DemoLicensingSchema,
  /**
   * Stars that demo buyers (bin/seed/demo-reviews.ts) give the app, one each, through the real
   * licence and review path: the app's average and installations are computed from them.
   */
  demo_ratings: z.array(z.number().int().min(0).max(5)),
  created_at: z.iso.datetime(),
});

export type DemoLicensing = z.infer<typeof DemoLicensingSchema>;
export type DemoApp = z.infer<typeof DemoAppSchema>;

export const DEMO_APPS: DemoApp[] = z.array(DemoAppSchema).parse(content);
