import { LIMITS } from '../../../../../shared/constants';
import type { WizardValues } from '../types';
import { parseLicenseKeys } from './wizard-values';

/**
 * The wizard's rules (SPEC.md section 5), step by step, with the server's wording so a message
 * reads the same whether the browser or the API catches it. Keys are field names.
 */
export type FieldErrors = Partial<Record<keyof WizardValues, string>>;

export const STEPS = [
  { id: 1, title: 'Basics', hint: 'Name, tagline and category' },
  { id: 2, title: 'Media & Links', hint: 'Website, icon and screenshots' },
  { id: 3, title: 'Features', hint: 'Key features and use cases' },
  { id: 4, title: 'Company & Pricing', hint: 'Who you are and what it costs' },
  { id: 5, title: 'Licensing', hint: 'How buyers get access' },
  { id: 6, title: 'Review', hint: 'Check and submit' },
] as const;

export const NAME_MAX = 100;
export const MAX_TAGS = 20;

/** An absolute http(s) URL. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Images may also be this product's own uploads, served from a path on the site (/uploads/...). */
export const isImageUrl = (value: string): boolean => {
  const v = value.trim();
  return isWebUrl(v) || (v.startsWith('/') && !v.startsWith('//') && !/\s|\\/.test(v));
};

export const currentYear = () => new Date().getFullYear();

const required = (value: string, label: string) => (value.trim() ? undefined : `${label} is required`);

function optionalUrl(errors: FieldErrors, v: WizardValues, key: keyof WizardValues, label: string, image = false) {
  const value = String(v[key]).trim();
  if (value && !(image ? isImageUrl(value) : isWebUrl(value))) errors[key] = `${label} must be a valid URL`;
}

const steps: Record<number, (v: WizardValues) => FieldErrors> = {
  1: (v) => {
    const e: FieldErrors = {};
    e.name = required(v.name, 'App name');
    if (v.name.trim().length > NAME_MAX) e.name = `App name must be at most ${NAME_MAX} characters`;
    e.tagline = required(v.tagline, 'Tagline');
    if (v.tagline.trim().length > LIMITS.taglineMax)
      e.tagline = `Tagline must be at most ${LIMITS.taglineMax} characters`;
    e.short_description = required(v.short_description, 'Short description');
    if (v.short_description.trim().length > LIMITS.shortDescriptionMax)
      e.short_description = `Short description must be at most ${LIMITS.shortDescriptionMax} characters`;
    e.category = v.category ? undefined : 'Category is required';
    return e;
  },
  2: (v) => {
    const e: FieldErrors = {};
    e.website_url = required(v.website_url, 'Website URL');
    optionalUrl(e, v, 'website_url', 'Website URL');
    e.icon_url = v.icon_url.trim() ? undefined : 'Upload an icon or enter its URL';
    optionalUrl(e, v, 'icon_url', 'Icon URL', true);
    if (v.screenshots.length > LIMITS.maxScreenshots) e.screenshots = 'Maximum 10 screenshots allowed';
    optionalUrl(e, v, 'demo_url', 'Demo URL');
    optionalUrl(e, v, 'documentation_url', 'Documentation URL');
    optionalUrl(e, v, 'support_url', 'Support URL');
    optionalUrl(e, v, 'demo_video_url', 'Demo video URL');
    optionalUrl(e, v, 'privacy_policy_url', 'Privacy policy URL');
    optionalUrl(e, v, 'terms_url', 'Terms URL');
    optionalUrl(e, v, 'logo_url', 'Logo URL', true);
    return e;
  },
  3: (v) => {
    const e: FieldErrors = {};
    if (v.key_features.filter((f) => f.trim()).length < LIMITS.minKeyFeatures)
      e.key_features = `At least ${LIMITS.minKeyFeatures} key features are required`;
    return e;
  },
  4: (v) => {
    const e: FieldErrors = {};
    e.company_name = required(v.company_name, 'Company name');
    const year = v.founded_year.trim();
    if (year && (!/^\d{4}$/.test(year) || Number(year) < LIMITS.foundedYearMin || Number(year) > currentYear()))
      e.founded_year = `Founded year must be between ${LIMITS.foundedYearMin} and ${currentYear()}`;
    if (v.pricing_model !== 'free') {
      const price = v.price.trim();
      const n = Number(price);
      if (!price) e.price = 'Price is required';
      else if (!Number.isFinite(n)) e.price = 'Price must be a number';
      else if (n < 0) e.price = 'Price must be at least 0';
      else if (!/^\d+(\.\d{1,2})?$/.test(price)) e.price = 'Price can have at most 2 decimal places (whole cents)';
    }
    const trial = v.free_trial_days.trim();
    if (trial && (!/^\d+$/.test(trial) || Number(trial) < 0))
      e.free_trial_days = 'Free trial days must be a whole number of at least 0';
    return e;
  },
  5: (v) => {
    const e: FieldErrors = {};
    switch (v.licensing_type) {
      case 'manual':
        if (!v.licensing_instructions.trim())
          e.licensing_instructions = 'Licensing instructions are required for manual licensing';
        break;
      case 'key_pool':
        if (parseLicenseKeys(v.license_keys).length === 0)
          e.license_keys = 'At least one license key is required for a key pool';
        break;
      case 'universal_code':
        if (!v.universal_access_code.trim())
          e.universal_access_code = 'A universal access code is required for universal code licensing';
        break;
      case 'webhook':
        if (!v.webhook_license_url.trim())
          e.webhook_license_url = 'A webhook license URL is required for webhook licensing';
        else if (!isWebUrl(v.webhook_license_url)) e.webhook_license_url = 'Webhook license URL must be a valid URL';
        break;
    }
    return e;
  },
  6: (v) => (v.terms_accepted ? {} : { terms_accepted: 'Please confirm the terms to submit' }),
};

const clean = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as FieldErrors;

/** The errors of one step (1 to 6); empty when the step is valid. */
export const validateStep = (step: number, values: WizardValues): FieldErrors => clean(steps[step]?.(values) ?? {});

export const isStepValid = (step: number, values: WizardValues): boolean =>
  Object.keys(validateStep(step, values)).length === 0;

/** The first invalid step, or null when the whole listing is ready. */
export function firstInvalidStep(values: WizardValues): number | null {
  for (const { id } of STEPS) if (!isStepValid(id, values)) return id;
  return null;
}
