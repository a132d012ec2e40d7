import { describe, expect, it } from 'vitest';
import {
  AppSubmitPayloadSchema,
  AppSubmitSchema,
  LicenseKeysInputSchema,
  PriceInputSchema,
  QuickAppCreateSchema,
  type QuickAppPayload,
  QuickAppPayloadSchema,
  QuickAppUpdateSchema,
  TagsInputSchema,
} from './apps';
import { wizardPayload } from './testing';

describe('developer app payload schemas', () => {
  it('normalise tags, licence keys and prices as the wizard sends them', () => {
    expect(TagsInputSchema.parse(' a , b,,A, c ')).toEqual(['a', 'b', 'c']);
    expect(TagsInputSchema.parse(['x', ' y '])).toEqual(['x', 'y']);
    expect(TagsInputSchema.parse(null)).toEqual([]);
    expect(LicenseKeysInputSchema.parse('K1\r\n\r\n  K2  \nK1\n')).toEqual(['K1', 'K2']);
    expect(LicenseKeysInputSchema.parse(['K1', '', 'K1'])).toEqual(['K1']);
    expect(PriceInputSchema.parse('19.99')).toBe(19.99);
    expect(PriceInputSchema.parse(null)).toBe(0);
    expect(PriceInputSchema.safeParse(0.1 + 0.2).success).toBe(true); // floating-point noise is still whole cents
    expect(PriceInputSchema.safeParse(1.005).success).toBe(false);
  });

  it('accept free trial days for a subscription only', () => {
    const base = { ...wizardPayload(), price: 49, price_period: 'monthly' };
    expect(AppSubmitSchema.safeParse({ ...base, pricing_model: 'subscription', free_trial_days: 14 }).success).toBe(
      true,
    );
    for (const pricing_model of ['one_time', 'free']) {
      const r = AppSubmitSchema.safeParse({ ...base, pricing_model, price: 0, free_trial_days: 14 });
      expect(r.error?.issues.find((i) => i.path[0] === 'free_trial_days')?.message).toBe(
        'A free trial is only available for subscription pricing: leave Free trial days empty',
      );
      expect(AppSubmitSchema.safeParse({ ...base, pricing_model, free_trial_days: null }).success).toBe(true);
    }
  });

  it('report the first rule broken, naming the field', () => {
    const r = AppSubmitSchema.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('App name is required');
  });

  it("read the SPA's payload shapes: the wizard's and the quick form's bodies pass the server's schemas", () => {
    const wizard = wizardPayload();
    expect(AppSubmitPayloadSchema.parse(wizard)).toEqual(wizard);
    const read = AppSubmitSchema.parse(wizard);
    expect(read.tags).toEqual(['booking', 'sms']);
    expect(read.price).toBe(49.99);

    const quick: QuickAppPayload = {
      name: 'Front Desk Sync',
      type: 'internal',
      description: '',
      website_url: '',
      practice_systems: [],
    };
    expect(QuickAppPayloadSchema.parse(quick)).toEqual(quick);
    expect(QuickAppCreateSchema.safeParse(quick).success).toBe(true);
    const { type: _type, ...update } = quick;
    expect(QuickAppUpdateSchema.safeParse(update).success).toBe(true);
  });
});
