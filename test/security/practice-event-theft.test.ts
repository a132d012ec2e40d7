/**
 * Attack: a developer wants a dental practice's events (appointments, patient changes) sent to
 * their own app. They register an account with the practice's address (they cannot verify it:
 * the link goes to the practice), take a free licence of their own app signed in, subscribe a
 * webhook, and wait. Before, `legacy_events` routed the practice's events by the address alone:
 * every event reached the attacker's endpoint, including events from before the licence, and
 * kept flowing after the admin suspended the app.
 *
 * Now an address proves nothing until its owner verified it, and nothing from before the licence
 * is sent (core/sync/practice-routing.ts). The run's end is what the checks wait for.
 */
import { randomBytes } from 'node:crypto';
import type { CheckoutSession } from '@shared/schemas/checkout';
import type { LegacyEvent } from '@shared/schemas/outside-systems';
import type { Webhook } from '@shared/schemas/webhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamoDeliveryStore } from '../../functions/adapters/dynamodb/deliveries-repo';
import { eventMessageId } from '../../functions/core/webhooks/ids';
import { createApp, deliveredPurchase, poolKeysFor, purchasesRepo, testApp } from '../integration/checkout-fixtures';
import { adminToken, api, approvedDeveloper, uniqueEmail } from '../support/api';
import { must } from '../support/must';
import { type Receiver, startReceiver } from '../support/receiver';
import { control, loadEventTypes, runSync } from '../support/sync';

let receiver: Receiver;
let admin: string;

beforeAll(async () => {
  [admin, receiver] = await Promise.all([adminToken(), startReceiver([200])]);
  await loadEventTypes(admin);
}, 180_000);

afterAll(async () => {
  await receiver?.close();
});

it("an unverified account with a practice's address receives none of its events, old or new", async () => {
  const attacker = await approvedDeveloper();
  const victim = uniqueEmail('victim-practice');
  const app = testApp(attacker.id, 'theft', {
    is_approved: true,
    type: 'public',
    pricing_model: 'free',
    price_cents: 0,
  });
  await createApp(app, poolKeysFor(app, 3));
  const hook = await api<Webhook>('POST', `/api/apps/${app.id}/webhooks`, {
    token: attacker.token,
    body: {
      event_type: 'appointment.created',
      target_url: receiver.url,
      secret: `whsec_${randomBytes(32).toString('base64')}`,
    },
  });
  expect(hook.status).toBe(201);

  // The victim's history, before anything below happens.
  const { emitted: history } = await control<{ emitted: LegacyEvent[] }>('legacy', {
    emit: { practice_email: victim, type: 'appointment.created', data: { patient: 'Jane Doe' } },
  });
  // Signs up with the practice's address; the verification link goes to the practice, unused.
  const reg = await api('POST', '/api/register', {
    body: { full_name: 'Front Desk', email: victim, password: 'secret123', company_name: 'Victim Dental' },
  });
  expect(reg.status).toBe(201);
  const login = await api<{ access_token: string }>('POST', '/api/login', {
    body: { email: victim, password: 'secret123' },
  });
  const free = await api<CheckoutSession>('POST', '/api/stripe/create-checkout-session', {
    token: login.body.access_token,
    body: { app_id: app.id },
  });
  expect(free.status).toBe(200);
  await deliveredPurchase(must(await purchasesRepo.getBySession(free.body.session_id), 'the licence').id);

  const { emitted: fresh } = await control<{ emitted: LegacyEvent[] }>('legacy', {
    emit: { practice_email: victim, type: 'appointment.created', data: { patient: 'John Roe' } },
  });
  const run = await runSync(admin, 'legacy_events');
  expect(run.status).toBe('succeeded');

  for (const event of [...history, ...fresh]) {
    expect(await dynamoDeliveryStore.get(eventMessageId(event.id, hook.body.id))).toBeUndefined();
  }
  expect(receiver.received.filter((r) => r.body.includes(victim))).toEqual([]);
});
