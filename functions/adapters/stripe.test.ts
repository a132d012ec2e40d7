import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEPENDENCY_RETRY_AFTER_SECONDS, errorMapping } from '../http/middleware';
import { FUNCTION_TIMEOUT_SECONDS } from '../platform/function-timeout';
import { envForTests } from '../testing/env';
import {
  resetStripeForTests,
  STRIPE_BUDGET_MS,
  STRIPE_NETWORK_RETRIES,
  STRIPE_TIMEOUT_MS,
  StripeSignatureError,
  StripeUnavailableError,
  signTestEvent,
  stripeGateway,
  stripeMode,
  verifyStripeEvent,
} from './stripe';

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

/** The checkout function's timeout: lib/function-defaults.ts FUNCTION_DEFAULTS.timeout is this constant. */
const CHECKOUT_FUNCTION_TIMEOUT_MS = FUNCTION_TIMEOUT_SECONDS * 1000;

describe('a Stripe that hangs', () => {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  afterEach(async () => {
    resetStripeForTests();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  /** A stand-in for api.stripe.com that accepts every connection and request and never answers. */
  async function hangingStripe(): Promise<{ port: number; requests: () => number }> {
    let requests = 0;
    server = createServer(() => {
      requests += 1;
    });
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, requests: () => requests };
  }

  it('answers 503 with Retry-After within the checkout function budget, never a Lambda timeout', async () => {
    const stub = await hangingStripe();
    withEnv({ RUNTIME: 'aws', STRIPE_SECRET_KEY: 'sk_test_hang', STRIPE_WEBHOOK_SECRET: 'whsec_hang' });
    resetStripeForTests({ host: '127.0.0.1', port: stub.port, protocol: 'http' });
    const started = Date.now();
    const err = await stripeGateway
      .createCheckoutSession({
        purchaseId: 'p1',
        mode: 'payment',
        amountCents: 1000,
        currency: 'usd',
        productName: 'App',
        productDescription: null,
        interval: null,
        trialDays: 0,
        customerEmail: 'buyer@example.com',
        metadata: { purchase_id: 'p1', app_id: 'a1', user_id: 'u1' },
        successUrl: 'https://example.com/ok',
        cancelUrl: 'https://example.com/cancel',
        payout: null,
      })
      .catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(err).toBeInstanceOf(StripeUnavailableError);
    // One attempt and one retry, each cut at STRIPE_TIMEOUT_MS.
    expect(stub.requests()).toBe(1 + STRIPE_NETWORK_RETRIES);
    expect(elapsed).toBeGreaterThanOrEqual(STRIPE_TIMEOUT_MS);
    expect(elapsed).toBeLessThan(STRIPE_BUDGET_MS + 1000);
    // The checkout function's timeout (15 s, FUNCTION_DEFAULTS in lib/function-defaults.ts), with
    // room for its own writes.
    expect(STRIPE_BUDGET_MS).toBeLessThanOrEqual(CHECKOUT_FUNCTION_TIMEOUT_MS - 5000);

    // What the HTTP layer makes of it: the designed 503 with Retry-After, not a 500.
    const request = {
      error: err,
      internal: { route: undefined },
      event: { routeKey: 'POST /api/stripe/create-checkout-session' },
      response: undefined as undefined | { statusCode: number; headers?: Record<string, string>; body?: string },
    };
    await errorMapping().onError?.(request as never);
    expect(request.response?.statusCode).toBe(503);
    expect(request.response?.headers?.['Retry-After']).toBe(String(DEPENDENCY_RETRY_AFTER_SECONDS));
    expect(JSON.parse(request.response?.body ?? '{}').detail).toBeTruthy();
  }, 20_000);
});
