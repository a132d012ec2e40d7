/**
 * Fixtures of the SPA's request bodies for tests on both sides of the contract: the schema tests
 * here check that the server reads them, the SPA's tests that its forms send them.
 */
import type { AppSubmitPayload } from './apps';

type WizardChanges = Partial<Omit<AppSubmitPayload, 'metadata'>> & { metadata?: Partial<AppSubmitPayload['metadata']> };

/**
 * The wizard's body for a subscription app with a key pool (Smile Scheduler), every optional field
 * left blank; `changes` win, field by field in `metadata` too.
 */
export function wizardPayload({ metadata, ...changes }: WizardChanges = {}): AppSubmitPayload {
  return {
    name: 'Smile Scheduler',
    tagline: 'Book more, chase less',
    short_description: 'Online booking and reminders.',
    long_description: '',
    category: 'Appointment Scheduling',
    tags: 'booking,sms',
    website_url: 'https://smile.example.com',
    icon_url: '/uploads/icon.png',
    demo_url: '',
    documentation_url: '',
    support_url: '',
    key_features: ['Online booking', 'SMS reminders'],
    pricing_model: 'subscription',
    price: 49.99,
    company_name: 'Smile Co',
    licensing_type: 'key_pool',
    license_keys: ['KEY-1', 'KEY-2'],
    universal_access_code: '',
    licensing_instructions: '',
    webhook_license_url: '',
    free_trial_days: null,
    founded_year: '2015',
    practice_systems: [],
    ...changes,
    metadata: {
      screenshots: [],
      use_cases: [],
      integrations: [],
      price_period: 'yearly',
      refund_policy: '',
      company_size: '',
      target_audience: '',
      unique_selling_points: [],
      privacy_policy_url: '',
      terms_url: '',
      logo_url: '',
      demo_video_url: '',
      ...metadata,
    },
  };
}
