/**
 * Practice events (patient data) reach an app only from a proven practice, after its licence,
 * through a listed app (core/sync/practice-routing.ts). Each buyer below buys through the product's
 * own checkout (signed in, as a guest, or as a guest and claimed later by verifying the address or
 * by following the licence mail's "Create your practice account" link);
 * the legacy simulator then emits events for their addresses and `legacy_events` routes them.
 *
 * On top of that the practice must consent (core/installs): its install of the app is active and
 * grants the event type. The apps below declare EVENT and the buyers accept at checkout, except in
 * the consent tests, which check each way an event is withheld and that the poll counts it.
 *
 * Whether an event was handed to a webhook is read from the delivery the fan-out writes under
 * the id derived from the event and the webhook (core/webhooks/ids.ts), once the run has ended:
 * the run's end is the event the negative checks wait for, not a sleep.
 */
import { randomBytes } from 'node:crypto';
import type { CheckoutSession } from '@shared/schemas/checkout';
import type { BuyerInstall } from '@shared/schemas/installs';
import type { LegacyEvent } from '@shared/schemas/outside-systems';
import type { Webhook } from '@shared/schemas/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoDeliveryStore } from '../../functions/adapters/dynamodb/deliveries-repo';
import { deleteItem } from '../../functions/adapters/dynamodb/dynamo';
import { dynamoInstallStore } from '../../functions/adapters/dynamodb/installs-repo';
import { installKeys } from '../../functions/adapters/dynamodb/keys';
import { backfillInstallsOfApp } from '../../functions/adapters/dynamodb/migrations';
import { dynamoPermissionsStore } from '../../functions/adapters/dynamodb/permissions-repo';
import { dynamoWebhookStore } from '../../functions/adapters/dynamodb/webhooks-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import { guestBuyerId } from '../../functions/core/purchases/purchase';
import { eventMessageId } from '../../functions/core/webhooks/ids';
import {
  adminToken,
  api,
  approvedDeveloper,
  type Developer,
  newDeveloper,
  newPractice,
  uniqueEmail,
  verifyEmailOf,
} from '../support/api';
import { installOf as installOfApp, installsOf } from '../support/installs';
import { must } from '../support/must';
import { type Receiver, startReceiver, waitFor } from '../support/receiver';
import { control, loadEventTypes, runSync } from '../support/sync';
import {
  buyLicence,
  createApp,
  deliveredPurchase,
  poolKeysFor,
  purchasesRepo,
  testApp,
  waitForMail,
} from './checkout-fixtures';

const EVENT = 'appointment.created';
/** A second event type of the internal catalogue, which an app may come to ask for. */
const MORE = 'patient.updated';
let admin: string;
let dev: Developer;
let receiver: Receiver;
const hooks = new Map<string, Webhook>();

/** The app's declaration of `events` (none: the app declares nothing), as the developer's PUT stores it. */
async function declare(app: AppRecord, events: string[] | null) {
  if (events === null) return;
  await dynamoPermissionsStore.put(app.id, {
    features: [],
    event_types: events.map((id) => ({ id, description: id })),
    baa_signed: false,
    baa_url: null,
    updated_at: new Date().toISOString(),
  });
}

/** A listed key-pool app of `dev` declaring `declared` with a webhook on EVENT pointing at the receiver. */
async function listedApp(
  label: string,
  overrides: Partial<AppRecord> = {},
  declared: string[] | null = [EVENT],
): Promise<AppRecord> {
  const app = testApp(dev.id, label, { is_approved: true, type: 'public', ...overrides });
  await createApp(app, poolKeysFor(app, 5));
  await declare(app, declared);
  const hook = await api<Webhook>('POST', `/api/apps/${app.id}/webhooks`, {
    token: dev.token,
    body: { event_type: EVENT, target_url: receiver.url, secret: `whsec_${randomBytes(32).toString('base64')}` },
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  hooks.set(app.id, hook.body);
  return app;
}

type Emit = { practice_email: string; occurred_at?: string; type?: string };
/** The counts of the last routing run (fetched, delivered, dropped, withheld...). */
let lastCounts: Record<string, number> = {};

/** Emits the events on the legacy simulator, runs legacy_events, and answers them once the run has ended. */
async function route(...emit: Emit[]): Promise<LegacyEvent[]> {
  const { emitted } = await control<{ emitted: LegacyEvent[] }>('legacy', {
    emit: emit.map((e) => ({ type: EVENT, ...e })),
  });
  const run = await runSync(admin, 'legacy_events');
  expect(run.status, run.detail ?? undefined).toBe('succeeded');
  lastCounts = run.counts;
  return emitted;
}

/** Whether the run handed `event` to the webhook of `app`. */
async function handedTo(event: LegacyEvent | undefined, app: AppRecord): Promise<boolean> {
  const hook = must(hooks.get(app.id), `the webhook of ${app.id}`);
  return (await dynamoDeliveryStore.get(eventMessageId(must(event, 'the event').id, hook.id))) !== undefined;
}

const receivedEvent = (id: string) =>
  waitFor(() =>
    receiver.received.find((r) => (JSON.parse(r.body) as { data: { event_id?: string } }).data.event_id === id),
  );

beforeAll(async () => {
  [admin, dev, receiver] = await Promise.all([adminToken(), approvedDeveloper(), startReceiver([200])]);
  // Webhooks subscribe to the internal catalogue's event types.
  await loadEventTypes(admin);
}, 180_000);

afterAll(async () => {
  await receiver?.close();
});

describe('practice events reach only a proven practice, after its licence, through a listed app', () => {
  it('a verified signed-in buyer gets events that occurred after the licence; an unverified one gets none', async () => {
    const app = await listedApp('routing-signed-in');
    const verified = await newDeveloper();
    const unverified = await newDeveloper({}, { verified: false });
    const licence = await buyLicence(app, verified);
    await buyLicence(app, unverified);
    const issued = Date.parse(must(licence.completed_at, 'completed_at'));

    const [now, older, stranger] = await route(
      { practice_email: verified.email.toUpperCase() },
      { practice_email: verified.email, occurred_at: new Date(issued - 3_600_000).toISOString() },
      { practice_email: unverified.email },
    );
    expect(await handedTo(now, app)).toBe(true);
    expect(await handedTo(older, app)).toBe(false);
    expect(await handedTo(stranger, app)).toBe(false);
    const got = await receivedEvent(must(now).id);
    expect(JSON.parse(got.body)).toMatchObject({ type: EVENT, data: { practice_email: verified.email } });
  });

  it('a free guest grant counts once confirmed; a paid guest purchase counts once the address is verified', async () => {
    const paid = await listedApp('routing-guest-paid');
    const free = await listedApp('routing-guest-free', { pricing_model: 'free', price_cents: 0 });
    const guest = uniqueEmail('practice');
    const claimer = uniqueEmail('practice');

    const asked = await api<CheckoutSession>('POST', '/api/stripe/create-guest-checkout-session', {
      body: { app_id: free.id, email: guest, accept_permissions: true },
    });
    expect(asked.status).toBe(200);
    const [mail] = await waitForMail(guest, (m) => /confirm-license\?token=/.test(m.text ?? ''));
    const token = must(/confirm-license\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1], 'the confirmation link');
    const confirmed = await api<CheckoutSession>('POST', '/api/stripe/confirm-guest-license', { body: { token } });
    expect(confirmed.status).toBe(200);
    await deliveredPurchase(must(await purchasesRepo.getBySession(confirmed.body.session_id), 'the grant').id);

    await buyLicence(paid, { email: claimer });
    const [toGuest, beforeClaim] = await route({ practice_email: guest }, { practice_email: claimer });
    expect(await handedTo(toGuest, free)).toBe(true);
    // Anyone can type any address at a paid checkout: that alone proves nothing.
    expect(await handedTo(beforeClaim, paid)).toBe(false);

    // The practice signs up with the address and verifies it: its guest purchase now counts.
    await api('POST', '/api/register', {
      body: { full_name: 'Claimer', email: claimer, password: 'secret123', company_name: 'Claimed Dental' },
    });
    await verifyEmailOf(claimer);
    const [afterClaim] = await route({ practice_email: claimer });
    expect(await handedTo(afterClaim, paid)).toBe(true);
    await receivedEvent(must(afterClaim).id);
  });

  it("a paid guest purchase claimed later through the licence mail's link counts, as a new practice or added to a signed-in one", async () => {
    const app = await listedApp('routing-claim-link');
    const guest = uniqueEmail('practice');
    const second = uniqueEmail('practice');
    await buyLicence(app, { email: guest });
    await buyLicence(app, { email: second });

    const [unclaimed] = await route({ practice_email: guest });
    expect(await handedTo(unclaimed, app)).toBe(false);

    // The guest follows "Create your practice account" from the licence mail: a practice account
    // for exactly that address, signed in at once.
    const claimToken = async (to: string) => {
      const [mail] = await waitForMail(to, (m) =>
        /Create your practice account: \S*claim-account\?token=/.test(m.text ?? ''),
      );
      return must(/claim-account\?token=([\w%-]+)/.exec(mail?.text ?? '')?.[1], 'the claim link');
    };
    const created = await api<{ access_token: string; role: string }>('POST', '/api/claim-account', {
      body: {
        token: await claimToken(guest),
        company_name: 'Riverside Dental',
        full_name: 'Front Desk',
        password: 'secret123',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.role).toBe('practice');
    const purchases = await api<{ app_id: string }[]>('GET', '/api/stripe/my-purchases', {
      token: created.body.access_token,
    });
    expect(JSON.stringify(purchases.body)).toContain(app.id);

    // The same practice adds its second address's purchase while signed in.
    const attached = await api<{ outcome: string }>('POST', '/api/claim-account/attach', {
      token: created.body.access_token,
      body: { token: await claimToken(second) },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body.outcome).toBe('linked');

    const [claimed, linked] = await route({ practice_email: guest }, { practice_email: second });
    expect(await handedTo(claimed, app)).toBe(true);
    expect(await handedTo(linked, app)).toBe(true);
    await receivedEvent(must(claimed).id);
  });

  it('a practice that licensed nothing gets none; a suspended or deleted app gets none, and a deleted one loses its webhooks', async () => {
    const suspended = await listedApp('routing-suspended');
    const deleted = await listedApp('routing-deleted');
    const kept = await listedApp('routing-kept');
    const practice = await newDeveloper();
    for (const app of [suspended, deleted, kept]) await buyLicence(app, practice);
    const nobody = uniqueEmail('practice');

    const [before] = await route({ practice_email: practice.email });
    for (const app of [suspended, deleted, kept]) expect(await handedTo(before, app)).toBe(true);

    const s = await api('POST', `/api/admin/apps/${suspended.id}/suspend`, { token: admin, body: { reason: 'Test' } });
    expect(s.status).toBe(200);
    const d = await api('DELETE', `/api/admin/apps/${deleted.id}/delete`, { token: admin });
    expect(d.status).toBe(200);
    expect(await dynamoWebhookStore.listByApp(deleted.id)).toEqual([]);

    const [after, unlicensed] = await route({ practice_email: practice.email }, { practice_email: nobody });
    expect(await handedTo(after, kept)).toBe(true);
    expect(await handedTo(after, suspended)).toBe(false);
    for (const app of [suspended, deleted, kept]) expect(await handedTo(unlicensed, app)).toBe(false);
    // The deleted app's webhook is gone, so nothing could be handed to it either.
    hooks.delete(deleted.id);
    await receivedEvent(must(after).id);
  });
});

describe("a practice event reaches an app only through the practice's consent (installs)", () => {
  let practice: Developer;
  const installs = () => installsOf(practice);
  const installOf = (app: AppRecord) => installOfApp(practice, app.id, 10_000);
  const act = async (install: BuyerInstall, action: 'grant' | 'revoke') => {
    const res = await api<BuyerInstall>('POST', `/api/installs/${install.id}/${action}`, { token: practice.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    // A developer of its own: one developer's webhooks to one host are capped.
    [practice, dev] = await Promise.all([newPractice(), approvedDeveloper()]);
  });

  /** The run's count `name` is at least `n` (the legacy stream may carry other practices' events). */
  const countedAtLeast = (counts: Record<string, number>) => {
    for (const [name, n] of Object.entries(counts)) expect(lastCounts[name], name).toBeGreaterThanOrEqual(n);
  };

  it('granted -> delivered; not declared, declared but not granted, or revoked -> withheld and counted', async () => {
    const granted = await listedApp('consent-granted');
    const undeclared = await listedApp('consent-undeclared', {}, null);
    const ungranted = await listedApp('consent-ungranted');
    const revoked = await listedApp('consent-revoked');
    await buyLicence(granted, practice);
    await buyLicence(undeclared, practice);
    await buyLicence(ungranted, practice, false);
    await buyLicence(revoked, practice);

    expect(await installOf(granted)).toMatchObject({
      status: 'active',
      granted: { event_types: [EVENT], features: [] },
      app: { id: granted.id, name: granted.name },
      revoked_at: null,
    });
    // An app that declares nothing is installed with nothing granted.
    expect(await installOf(undeclared)).toMatchObject({ status: 'active', granted: { event_types: [] } });
    // Bought without accept_permissions (the spec's client): pending until the practice grants.
    expect(await installOf(ungranted)).toMatchObject({ status: 'pending', granted: { event_types: [] } });
    const gone = await act(await installOf(revoked), 'revoke');
    expect(gone.status).toBe('revoked');
    expect(gone.revoked_at).toEqual(expect.any(String));

    const [event] = await route({ practice_email: practice.email });
    expect(await handedTo(event, granted)).toBe(true);
    for (const app of [undeclared, ungranted, revoked]) expect(await handedTo(event, app)).toBe(false);
    countedAtLeast({ withheld: 3, withheld_not_declared: 1, withheld_not_granted: 1, withheld_revoked: 1 });

    // The practice grants the pending one and grants the revoked one again: both receive.
    await act(await installOf(ungranted), 'grant');
    expect(await act(await installOf(revoked), 'grant')).toMatchObject({ status: 'active', revoked_at: null });
    const [again] = await route({ practice_email: practice.email });
    for (const app of [granted, ungranted, revoked]) expect(await handedTo(again, app)).toBe(true);
    expect(await handedTo(again, undeclared)).toBe(false);
    countedAtLeast({ withheld: 1, withheld_not_declared: 1 });
    await receivedEvent(must(again).id);
  });

  it('a declaration that asks for more leaves the old grant in force until the practice accepts it', async () => {
    const app = await listedApp('consent-more');
    const more = await api<Webhook>('POST', `/api/apps/${app.id}/webhooks`, {
      token: dev.token,
      body: { event_type: MORE, target_url: receiver.url, secret: `whsec_${randomBytes(32).toString('base64')}` },
    });
    expect(more.status, JSON.stringify(more.body)).toBe(201);
    await buyLicence(app, practice);
    await declare(app, [EVENT, MORE]);

    const asking = await installOf(app);
    expect(asking).toMatchObject({
      status: 'active',
      granted: { event_types: [EVENT] },
      requested: { event_types: [EVENT, MORE].sort() },
    });
    const handedMore = async (event: LegacyEvent | undefined) =>
      (await dynamoDeliveryStore.get(eventMessageId(must(event).id, more.body.id))) !== undefined;

    const [old, extra] = await route(
      { practice_email: practice.email },
      { practice_email: practice.email, type: MORE },
    );
    expect(await handedTo(old, app)).toBe(true);
    expect(await handedMore(extra)).toBe(false);
    countedAtLeast({ withheld_not_granted: 1 });

    const accepted = await act(asking, 'grant');
    expect(accepted.granted.event_types).toEqual([EVENT, MORE].sort());
    expect(accepted.requested).toBeUndefined();
    const [, afterGrant] = await route(
      { practice_email: practice.email },
      { practice_email: practice.email, type: MORE },
    );
    expect(await handedMore(afterGrant)).toBe(true);

    // Less access applies at once: the grant shrinks to what the app still declares.
    await declare(app, [MORE]);
    expect((await installOf(app)).granted.event_types).toEqual([MORE]);
    const [dropped] = await route({ practice_email: practice.email });
    expect(await handedTo(dropped, app)).toBe(false);
    countedAtLeast({ withheld_not_declared: 1 });
  });

  it('a licence delivered before installs existed gets an active install from the install-backfill migration, once', async () => {
    const app = await listedApp('consent-backfill');
    const kept = await listedApp('consent-backfill-revoked');
    const licence = await buyLicence(app, practice);
    // The old shape: a delivered licence and no install (its delivery predates installs). The
    // install is made right after the delivery: wait for it, or it could land after the delete.
    await installOf(app);
    await deleteItem(installKeys.install(licence.user_id, app.id));
    // This practice's licence has no install under its account, but it revoked the app's install
    // kept under its (verified) address: the migration leaves the practice's say as it is.
    const held = await buyLicence(kept, practice);
    const revokedInstall = await installOf(kept);
    await deleteItem(installKeys.install(held.user_id, kept.id));
    const at = new Date().toISOString();
    await dynamoInstallStore.create({
      id: revokedInstall.id,
      buyer_id: guestBuyerId(practice.email),
      app_id: kept.id,
      app: revokedInstall.app,
      customer_email: practice.email,
      status: 'revoked',
      granted: revokedInstall.granted,
      declaration_version: revokedInstall.declaration_version,
      installed_at: revokedInstall.installed_at,
      updated_at: at,
      revoked_at: at,
    });

    const [before] = await route({ practice_email: practice.email });
    expect(await handedTo(before, app)).toBe(false);

    expect(await backfillInstallsOfApp(app.id)).toBe(1);
    expect(await backfillInstallsOfApp(kept.id)).toBe(0);
    // Run again: nothing more.
    expect(await backfillInstallsOfApp(app.id)).toBe(0);
    expect((await installs()).filter((i) => i.app_id === app.id)).toEqual([
      expect.objectContaining({
        status: 'active',
        granted: { event_types: [EVENT], features: [] },
        installed_at: licence.completed_at,
      }),
    ]);
    expect(await installOf(kept)).toMatchObject({ status: 'revoked', id: revokedInstall.id });

    const [after] = await route({ practice_email: practice.email });
    expect(await handedTo(after, app)).toBe(true);
    expect(await handedTo(after, kept)).toBe(false);
    await receivedEvent(must(after).id);
  });
});
