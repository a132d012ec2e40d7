import { describe, expect, it, vi } from 'vitest';
import { inZone } from '@/testing/zone';
import { currentYear, firstInvalidStep, isStepValid, validateStep } from './validation';
import { buildPayload, emptyValues, parseLicenseKeys, splitTags, valuesFromApp } from './wizard-values';

const filled = () => ({
  ...emptyValues(),
  name: 'Smile Scheduler',
  tagline: 'Book more, chase less',
  short_description: 'Online booking for dental practices.',
  category: 'Appointment Scheduling',
  tags: ['booking', 'sms'],
  website_url: 'https://smile.example.com',
  icon_url: '/uploads/icon.png',
  key_features: ['Online booking', 'Reminders', ''],
  company_name: 'Smile Co',
  licensing_instructions: 'We e-mail your login.',
  terms_accepted: true,
});

describe('wizard values', () => {
  it('drops blank license key lines and trims the others', () => {
    expect(parseLicenseKeys('KEY-1\n\n  KEY-2  \r\n   \nKEY-3\n')).toEqual(['KEY-1', 'KEY-2', 'KEY-3']);
  });

  it('reads tags from the comma string, trimmed and without duplicates', () => {
    expect(splitTags(' a, b ,A,, c')).toEqual(['a', 'b', 'c']);
    expect(splitTags(null)).toEqual([]);
  });

  it('builds the submit payload: comma tags, non-empty features, dollars, nulls and the metadata object', () => {
    const payload = buildPayload({
      ...filled(),
      pricing_model: 'one_time',
      price: '49.99',
      price_period: 'yearly',
      use_cases: ['Front desk', ''],
      free_trial_days: '',
      founded_year: '2015',
    });
    expect(payload.tags).toBe('booking,sms');
    expect(payload.key_features).toEqual(['Online booking', 'Reminders']);
    expect(payload.price).toBe(49.99);
    expect(payload.free_trial_days).toBeNull();
    expect(payload.founded_year).toBe('2015');
    // The billing period applies only to a subscription.
    expect(payload.metadata.price_period).toBeNull();
    expect(payload.metadata.use_cases).toEqual(['Front desk']);
    expect(Object.keys(payload.metadata).sort()).toEqual(
      [
        'screenshots',
        'use_cases',
        'integrations',
        'price_period',
        'refund_policy',
        'company_size',
        'target_audience',
        'unique_selling_points',
        'privacy_policy_url',
        'terms_url',
        'logo_url',
        'demo_video_url',
      ].sort(),
    );
  });

  it('sends price 0 for a free app and only the chosen licensing material', () => {
    const payload = buildPayload({ ...filled(), price: '12', license_keys: 'K1', universal_access_code: 'X' });
    expect(payload.price).toBe(0);
    expect(payload.licensing_instructions).toBe('We e-mail your login.');
    expect(payload.license_keys).toEqual([]);
    expect(payload.universal_access_code).toBe('');
  });

  it('maps an app loaded for editing back to values, padding the fixed slots', () => {
    const v = valuesFromApp({
      id: 'a1',
      name: 'X',
      type: 'public',
      tags: 'a,b',
      key_features: ['One'],
      use_cases: [],
      founded_year: 2010,
      license_keys: ['K1', 'K2'],
      pricing_model: 'subscription',
      price: 10,
      price_period: 'yearly',
    });
    expect(v.tags).toEqual(['a', 'b']);
    expect(v.key_features).toEqual(['One', '', '']);
    expect(v.use_cases).toEqual(['', '']);
    expect(v.unique_selling_points).toHaveLength(3);
    expect(v.founded_year).toBe('2010');
    expect(v.license_keys).toBe('K1\nK2');
    expect(v.price).toBe('10');
    expect(v.price_period).toBe('yearly');
  });
});

describe('wizard validation', () => {
  it('step 1: required fields and the 60 / 150 character limits', () => {
    expect(Object.keys(validateStep(1, emptyValues())).sort()).toEqual(
      ['category', 'name', 'short_description', 'tagline'].sort(),
    );
    expect(validateStep(1, { ...filled(), tagline: 'x'.repeat(61) }).tagline).toBe(
      'Tagline must be at most 60 characters',
    );
    expect(isStepValid(1, { ...filled(), tagline: 'x'.repeat(60) })).toBe(true);
    expect(validateStep(1, { ...filled(), short_description: 'x'.repeat(151) }).short_description).toBe(
      'Short description must be at most 150 characters',
    );
  });

  it('step 2: website and icon required, URLs checked, site upload paths accepted for images', () => {
    expect(validateStep(2, { ...filled(), website_url: 'not a url' }).website_url).toBe(
      'Website URL must be a valid URL',
    );
    expect(validateStep(2, { ...filled(), icon_url: '' }).icon_url).toBe('Icon URL is required');
    expect(isStepValid(2, filled())).toBe(true);
    expect(
      validateStep(2, { ...filled(), screenshots: Array.from({ length: 11 }, (_, i) => `/u${i}.png`) }).screenshots,
    ).toBe('Maximum 10 screenshots allowed');
  });

  it('step 3: at least 2 non-empty key features', () => {
    expect(validateStep(3, { ...filled(), key_features: ['One', ' ', ''] }).key_features).toBe(
      'At least 2 key features are required',
    );
    expect(isStepValid(3, filled())).toBe(true);
  });

  it('step 4: company required, price >= 0 in cents for paid models, founded year 1900..now, trial >= 0', () => {
    expect(validateStep(4, { ...filled(), company_name: '' }).company_name).toBe('Company name is required');
    expect(isStepValid(4, { ...filled(), pricing_model: 'free', price: '' })).toBe(true);
    expect(validateStep(4, { ...filled(), pricing_model: 'one_time', price: 'ten' }).price).toBe(
      'Price must be a number',
    );
    expect(validateStep(4, { ...filled(), pricing_model: 'one_time', price: '-1' }).price).toBe(
      'Price must be at least 0',
    );
    expect(validateStep(4, { ...filled(), pricing_model: 'one_time', price: '1.234' }).price).toMatch(/2 decimal/);
    const year = new Date().getUTCFullYear();
    expect(validateStep(4, { ...filled(), founded_year: '1899' }).founded_year).toBe(
      `Founded year must be between 1900 and ${year}`,
    );
    expect(validateStep(4, { ...filled(), founded_year: String(year + 1) }).founded_year).toBeTruthy();
    expect(isStepValid(4, { ...filled(), founded_year: '1900' })).toBe(true);
    expect(
      validateStep(4, { ...filled(), pricing_model: 'subscription', price: '10', free_trial_days: '-2' })
        .free_trial_days,
    ).toBeTruthy();
  });

  it('sends a trial only with a subscription: a one-time or free app offers none', () => {
    const oneTime = { ...filled(), pricing_model: 'one_time' as const, price: '49', free_trial_days: '14' };
    expect(buildPayload(oneTime).free_trial_days).toBeNull();
    expect(isStepValid(4, oneTime)).toBe(true);
    expect(buildPayload({ ...filled(), pricing_model: 'free', free_trial_days: '14' }).free_trial_days).toBeNull();
    const monthly = { ...oneTime, pricing_model: 'subscription' as const, price_period: 'monthly' as const };
    expect(buildPayload(monthly).free_trial_days).toBe(14);
  });

  it("offers the latest founded year the schema accepts, in New Zealand on New Year's Day too", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 2025-12-31T20:00Z: already Jan 1 2026 in Auckland, still Dec 31 2025 in UTC and in Anchorage.
      vi.setSystemTime(new Date('2025-12-31T20:00:00Z'));
      for (const zone of ['Pacific/Auckland', 'America/Anchorage']) {
        await inZone(zone, () => {
          expect(currentYear(), zone).toBe(2025);
          expect(isStepValid(4, { ...filled(), founded_year: String(currentYear()) }), zone).toBe(true);
          expect(validateStep(4, { ...filled(), founded_year: String(currentYear() + 1) }).founded_year, zone).toBe(
            'Founded year must be between 1900 and 2025',
          );
        });
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('step 5: each licensing type needs its material', () => {
    expect(isStepValid(5, { ...filled(), licensing_instructions: '  ' })).toBe(false);
    expect(isStepValid(5, { ...filled(), licensing_type: 'key_pool', license_keys: '\n \n' })).toBe(false);
    expect(isStepValid(5, { ...filled(), licensing_type: 'key_pool', license_keys: '\nK1\n' })).toBe(true);
    expect(isStepValid(5, { ...filled(), licensing_type: 'universal_code', universal_access_code: ' ' })).toBe(false);
    expect(isStepValid(5, { ...filled(), licensing_type: 'webhook', webhook_license_url: '' })).toBe(false);
    expect(isStepValid(5, { ...filled(), licensing_type: 'webhook', webhook_license_url: 'https://x.io/l' })).toBe(
      true,
    );
  });

  it('step 6: the terms confirmation', () => {
    expect(isStepValid(6, { ...filled(), terms_accepted: false })).toBe(false);
    expect(isStepValid(6, filled())).toBe(true);
  });

  it("uses the server's schema: price maximum, the 365-day trial cap and length limits, each at its step", () => {
    // Before: the wizard let these through and the server refused them at step 6 with a toast.
    const tooDear = { ...filled(), pricing_model: 'one_time' as const, price: '1000000' };
    expect(validateStep(4, tooDear).price).toBe('Price must be at most 999999.99');
    expect(isStepValid(3, tooDear)).toBe(true);
    expect(firstInvalidStep(tooDear)).toBe(4);
    const subscription = {
      ...filled(),
      pricing_model: 'subscription' as const,
      price: '10',
      price_period: 'monthly' as const,
    };
    expect(validateStep(4, { ...subscription, free_trial_days: '366' }).free_trial_days).toBe(
      'Free trial days must be at most 365',
    );
    expect(isStepValid(4, { ...subscription, free_trial_days: '365' })).toBe(true);
    expect(validateStep(1, { ...filled(), name: 'n'.repeat(101) }).name).toBe(
      'App name must be at most 100 characters',
    );
    expect(validateStep(1, { ...filled(), tags: ['t'.repeat(41)] }).tags).toBe(
      'Each tag must be at most 40 characters',
    );
    expect(validateStep(3, { ...filled(), key_features: ['ok', 'f'.repeat(501)] }).key_features).toBe(
      'Each key feature must be at most 500 characters',
    );
    expect(validateStep(4, { ...filled(), refund_policy: 'r'.repeat(2001) }).refund_policy).toBe(
      'Refund policy must be at most 2000 characters',
    );
    expect(validateStep(5, { ...filled(), licensing_instructions: 'i'.repeat(5001) }).licensing_instructions).toBe(
      'Licensing instructions must be at most 5000 characters',
    );
    // A metadata field is filed under its own step.
    expect(validateStep(2, { ...filled(), terms_url: 'not a url' }).terms_url).toBe('Terms URL must be a valid URL');
  });
});
