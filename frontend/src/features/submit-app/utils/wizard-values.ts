import { PRICE_PERIODS } from '@shared/constants';
import { cleanList } from '@shared/rules/lists';
import type { AppSubmitPayload } from '@shared/schemas/apps';
import type { EditableApp, WizardValues } from '../types';

/** Default slot counts (docs/spec.md section 5); these first slots cannot be removed. */
export const SLOTS = { key_features: 3, use_cases: 2, unique_selling_points: 3 } as const;

const pad = (list: readonly string[] | null | undefined, size: number): string[] => {
  const values = [...(list ?? [])];
  while (values.length < size) values.push('');
  return values;
};

/** The values of a new listing. */
export const emptyValues = (): WizardValues => ({
  name: '',
  tagline: '',
  short_description: '',
  long_description: '',
  category: '',
  tags: [],
  website_url: '',
  icon_url: '',
  screenshots: [],
  demo_url: '',
  documentation_url: '',
  support_url: '',
  demo_video_url: '',
  privacy_policy_url: '',
  terms_url: '',
  logo_url: '',
  key_features: pad([], SLOTS.key_features),
  use_cases: pad([], SLOTS.use_cases),
  integrations: [],
  practice_systems: [],
  data_access: null,
  company_name: '',
  company_size: '',
  founded_year: '',
  target_audience: '',
  unique_selling_points: pad([], SLOTS.unique_selling_points),
  pricing_model: 'free',
  price: '',
  price_period: 'monthly',
  free_trial_days: '',
  refund_policy: '',
  licensing_type: 'manual',
  license_keys: '',
  universal_access_code: '',
  licensing_instructions: '',
  webhook_license_url: '',
  terms_accepted: false,
});

/** Tags arrive as one comma-separated string (section 3). */
export const splitTags = (tags: string | null | undefined): string[] => cleanList((tags ?? '').split(','), true);

/** License keys are entered one per line; blank lines are dropped (section 5). */
export const parseLicenseKeys = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The edit view of an existing app as wizard values. */
export function valuesFromApp(app: EditableApp): WizardValues {
  const base = emptyValues();
  const period = PRICE_PERIODS.find((p) => p === app.price_period);
  return {
    ...base,
    name: str(app.name),
    tagline: str(app.tagline),
    short_description: str(app.short_description),
    long_description: str(app.long_description),
    category: str(app.category),
    tags: splitTags(app.tags),
    website_url: str(app.website_url),
    icon_url: str(app.icon_url),
    screenshots: [...(app.screenshots ?? [])],
    demo_url: str(app.demo_url),
    documentation_url: str(app.documentation_url),
    support_url: str(app.support_url),
    demo_video_url: str(app.demo_video_url),
    privacy_policy_url: str(app.privacy_policy_url),
    terms_url: str(app.terms_url),
    logo_url: str(app.logo_url),
    key_features: pad(app.key_features, SLOTS.key_features),
    use_cases: pad(app.use_cases, SLOTS.use_cases),
    integrations: [...(app.integrations ?? [])],
    practice_systems: [...(app.practice_systems ?? [])],
    company_name: str(app.company_name),
    company_size: str(app.company_size),
    founded_year: str(app.founded_year),
    target_audience: str(app.target_audience),
    unique_selling_points: pad(app.unique_selling_points, SLOTS.unique_selling_points),
    pricing_model: app.pricing_model ?? base.pricing_model,
    price: app.pricing_model && app.pricing_model !== 'free' ? str(app.price) : '',
    price_period: period ?? base.price_period,
    free_trial_days: str(app.free_trial_days),
    refund_policy: str(app.refund_policy),
    licensing_type: app.licensing_type ?? base.licensing_type,
    license_keys: (app.license_keys ?? []).join('\n'),
    universal_access_code: str(app.universal_access_code),
    licensing_instructions: str(app.licensing_instructions),
    webhook_license_url: str(app.webhook_license_url),
  };
}

const nonEmpty = (list: readonly string[]) => list.map((v) => v.trim()).filter(Boolean);

/**
 * The submit payload of section 7: tags as a comma string, key features non-empty only, price in
 * dollars (0 when free), free_trial_days a number or null, founded_year a string or null, and the
 * metadata object. Only the chosen licensing type's material is sent.
 */
export function buildPayload(v: WizardValues): AppSubmitPayload {
  const free = v.pricing_model === 'free';
  const lic = v.licensing_type;
  return {
    name: v.name.trim(),
    tagline: v.tagline.trim(),
    short_description: v.short_description.trim(),
    long_description: v.long_description.trim(),
    category: v.category,
    tags: v.tags.join(','),
    website_url: v.website_url.trim(),
    icon_url: v.icon_url.trim(),
    demo_url: v.demo_url.trim(),
    documentation_url: v.documentation_url.trim(),
    support_url: v.support_url.trim(),
    key_features: nonEmpty(v.key_features),
    pricing_model: v.pricing_model,
    price: free ? 0 : Number(v.price) || 0,
    company_name: v.company_name.trim(),
    licensing_type: lic,
    license_keys: lic === 'key_pool' ? parseLicenseKeys(v.license_keys) : [],
    universal_access_code: lic === 'universal_code' ? v.universal_access_code.trim() : '',
    licensing_instructions: lic === 'manual' ? v.licensing_instructions.trim() : '',
    webhook_license_url: lic === 'webhook' ? v.webhook_license_url.trim() : '',
    // A trial exists for subscriptions only: the field is hidden (and not sent) for other models.
    free_trial_days:
      v.pricing_model !== 'subscription' || v.free_trial_days.trim() === '' ? null : Number(v.free_trial_days),
    founded_year: v.founded_year.trim() === '' ? null : v.founded_year.trim(),
    practice_systems: [...v.practice_systems],
    metadata: {
      screenshots: [...v.screenshots],
      use_cases: nonEmpty(v.use_cases),
      integrations: nonEmpty(v.integrations),
      price_period: v.pricing_model === 'subscription' ? v.price_period : null,
      refund_policy: v.refund_policy.trim(),
      company_size: v.company_size,
      target_audience: v.target_audience.trim(),
      unique_selling_points: nonEmpty(v.unique_selling_points),
      privacy_policy_url: v.privacy_policy_url.trim(),
      terms_url: v.terms_url.trim(),
      logo_url: v.logo_url.trim(),
      demo_video_url: v.demo_video_url.trim(),
    },
  };
}
