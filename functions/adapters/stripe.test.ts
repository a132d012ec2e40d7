import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { envForTests } from '../testing/env';
import { resetStripeForTests, StripeSignatureError, signTestEvent, stripeMode, verifyStripeEvent } from './stripe';

// SCRYPT_LOG2_N too: the test stack's global setup lowers it in the runner's environment, and the cloud refuses that.
const VARS = ['RUNTIME', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SCRYPT_LOG2_N'] as const;
/** What npm start generates into .data/stripe-webhook-secret (there is no public default). */
const LOCAL_SECRET = 'whsec_generated_on_first_start_0123456789';
const withEnv = envForTests(VARS, resetStripeForTests);

beforeEach(() => {
  process.env.JWT_SECRET ??= 'unit-test-secret-unit-test-secret-0123';
});

describe('Stripe mode', () => {
  it('is test mode locally without keys, Stripe with a key, unavailable in the cloud without one', () => {
    withEnv({ RUNTIME: 'local', STRIPE_WEBHOOK_SECRET: LOCAL_SECRET });
    expect(stripeMode()).toBe('test');
    withEnv({ RUNTIME: 'local', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(stripeMode()).toBe('stripe');
    withEnv({ RUNTIME: 'aws' });
    expect(stripeMode()).toBe('unavailable');
  });

  it('never signs test events outside local test mode', () => {
    withEnv({ RUNTIME: 'aws', STRIPE_WEBHOOK_SECRET: 'whsec_cloud' });
    expect(() => signTestEvent('{}')).toThrow();
    withEnv({ RUNTIME: 'local', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(() => signTestEvent('{}')).toThrow();
  });

  it('requires a webhook secret with a Stripe key', async () => {
    withEnv({ RUNTIME: 'aws', STRIPE_SECRET_KEY: 'sk_live_x' });
    const { getConfig } = await import('../config');
    expect(() => getConfig()).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('has no public default webhook secret locally', async () => {
    withEnv({ RUNTIME: 'local' });
    const { getConfig } = await import('../config');
    expect(() => getConfig()).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});

describe('verifyStripeEvent', () => {
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: 'cs_1' } },
  });

  it('accepts what the local test mode signs, with the local secret', () => {
    withEnv({ RUNTIME: 'local', STRIPE_WEBHOOK_SECRET: LOCAL_SECRET });
    const event = verifyStripeEvent(Buffer.from(payload), signTestEvent(payload));
    expect(event).toEqual({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_1' } } });
    const sdkSigned = Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_SECRET });
    expect(verifyStripeEvent(Buffer.from(payload), sdkSigned).id).toBe('evt_1');
  });

  it('refuses other secrets, missing headers and changed bodies', () => {
    withEnv({ RUNTIME: 'local', STRIPE_WEBHOOK_SECRET: LOCAL_SECRET });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    expect(() => verifyStripeEvent(Buffer.from(payload), forged)).toThrow(StripeSignatureError);
    expect(() => verifyStripeEvent(Buffer.from(payload), undefined)).toThrow(StripeSignatureError);
    expect(() => verifyStripeEvent(Buffer.from(`${payload} `), signTestEvent(payload))).toThrow(StripeSignatureError);
  });
});
