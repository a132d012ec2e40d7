import { AppSubmitSchema } from '@shared/schemas/apps';
import * as z from 'zod';
import { draftError } from '@/components/permissions/utils/draft';
import type { WizardValues } from '../types';
import { buildPayload } from './wizard-values';

/**
 * The wizard's rules are the server's: the values become the submit payload and are checked with
 * the same zod schema POST /api/apps/submit parses with (shared/schemas/apps.ts), so the price
 * maximum, the trial cap, every length limit and every message are the API's own. Each issue is
 * filed under the wizard field it concerns, and each field belongs to one step.
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

/** The fields each step edits: a step blocks Next on its own fields' errors only. */
export const STEP_FIELDS: Record<number, ReadonlyArray<keyof WizardValues>> = {
  1: ['name', 'tagline', 'short_description', 'long_description', 'category', 'tags'],
  2: [
    'website_url',
    'icon_url',
    'screenshots',
    'demo_url',
    'documentation_url',
    'support_url',
    'demo_video_url',
    'privacy_policy_url',
    'terms_url',
    'logo_url',
  ],
  3: ['key_features', 'use_cases', 'integrations', 'data_access'],
  4: [
    'company_name',
    'company_size',
    'founded_year',
    'target_audience',
    'unique_selling_points',
    'pricing_model',
    'price',
    'price_period',
    'free_trial_days',
    'refund_policy',
  ],
  5: ['licensing_type', 'license_keys', 'universal_access_code', 'licensing_instructions', 'webhook_license_url'],
  6: ['terms_accepted'],
};

export const TERMS_REQUIRED = 'Please confirm the terms to submit';

/**
 * The latest founded year the form offers: the year in UTC, as the shared schema that judges it
 * counts (FoundedYearInputSchema). The local year offered next year's number in New Zealand on New
 * Year's Eve (UTC) and then refused it, and refused this year's in Alaska on the evening of Dec 31.
 */
export const currentYear = () => new Date().getUTCFullYear();

/**
 * What the server would receive, with the numbers still as typed so the schema judges them
 * ("12,5" is not a price, "400" trial days is over the cap).
 */
function submitInput(v: WizardValues): Record<string, unknown> {
  const payload = buildPayload(v);
  return {
    ...payload,
    price: v.pricing_model === 'free' ? 0 : v.price,
    free_trial_days: v.pricing_model === 'subscription' ? v.free_trial_days : null,
  };
}

const STEP_OF = new Map(
  Object.entries(STEP_FIELDS).flatMap(([step, fields]) => fields.map((field) => [field, Number(step)] as const)),
);
/** ['metadata', 'screenshots', 3] -> 'screenshots'; ['tags', 0] -> 'tags'. */
const fieldOf = (path: ReadonlyArray<PropertyKey>): keyof WizardValues | undefined => {
  const key = String(path[0] === 'metadata' ? path[1] : path[0]);
  return STEP_OF.has(key as keyof WizardValues) ? (key as keyof WizardValues) : undefined;
};

/** The schema react-hook-form resolves the wizard with: the server's schema, issues per field. */
export const wizardSchema = z.custom<WizardValues>().superRefine((values, ctx) => {
  const result = AppSubmitSchema.safeParse(submitInput(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path);
      ctx.addIssue({ code: 'custom', path: field ? [field] : issue.path.map(String), message: issue.message });
    }
  }
  const appPermissions = values.data_access && draftError(values.data_access);
  if (appPermissions) ctx.addIssue({ code: 'custom', path: ['data_access'], message: appPermissions });
  if (!values.terms_accepted) ctx.addIssue({ code: 'custom', path: ['terms_accepted'], message: TERMS_REQUIRED });
});

/** Every field's first error. */
export function validateAll(values: WizardValues): FieldErrors {
  const result = wizardSchema.safeParse(values);
  const errors: FieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof WizardValues;
    if (STEP_OF.has(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The errors of one step's fields (1 to 6), from all errors or from the values. */
export function validateStep(step: number, values: WizardValues, all = validateAll(values)): FieldErrors {
  const fields = STEP_FIELDS[step] ?? [];
  return Object.fromEntries(fields.filter((f) => all[f]).map((f) => [f, all[f]])) as FieldErrors;
}

export const isStepValid = (step: number, values: WizardValues, all?: FieldErrors): boolean =>
  Object.keys(validateStep(step, values, all)).length === 0;

/** The first step with an error, or null when the whole listing is ready. */
export function firstInvalidStep(values: WizardValues, all = validateAll(values)): number | null {
  for (const { id } of STEPS) if (!isStepValid(id, values, all)) return id;
  return null;
}
