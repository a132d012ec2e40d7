/**
 * End to end in a real headless Chromium against the local stack and its outside-system
 * simulators: the admin runs the internal sync from Internal Sync, sees the catalogue's tiles fill
 * (420 tables, 14 event types), searches a feature, links two event types and three tables and
 * saves; then starts legacy event polling on the Dashboard. A legacy event for a practice that
 * holds a licence of one demo app arrives at that app's webhook receiver on loopback, verified
 * with `standardwebhooks`; the other app of the same developer, which the practice did not
 * license, receives nothing of it. Polling is stopped at the end.
 */

import type { LegacyEvent } from '@shared/schemas/outside-systems';
import type { Webhook as WebhookRow } from '@shared/schemas/webhooks';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAppId } from '../../bin/seed/catalogue';
import { api } from '../support/api';
import { must } from '../support/must';
import { queuesIdle } from '../support/queues';
import { type ReceivedRequest, type Receiver, startReceiver } from '../support/receiver';
import { control } from '../support/sync';
import { launchBrowser, newPage, signInAsAdmin } from './support/browser';

const EVENT_TYPE = 'appointment.created';
const PRACTICE = 'office@maplefamilydental.example'; // licenses chartsmile-patient-hub only
const LICENSED = demoAppId('chartsmile-patient-hub');
const NOT_LICENSED = demoAppId('waitlist-filler');
const OWNER = { email: 'dr.chen@brightsmile.dev', password: 'demo1234' };

let browser: Browser;
let licensed: Receiver;
let other: Receiver;
beforeAll(async () => {
  browser = await launchBrowser();
  licensed = await startReceiver();
  other = await startReceiver();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([licensed?.close(), other?.close()]);
});

describe('sync in the browser', () => {
  it('internal sync and links on Internal Sync; polling on the Dashboard delivers a legacy event only to the licensed app', {
    timeout: 180_000,
  }, async () => {
    const { page } = await newPage(browser);
    await signInAsAdmin(page);

    // Internal Sync: Sync Now fills the tiles from the internal system.
    await page.getByRole('link', { name: 'Internal Sync' }).first().click();
    await page.waitForURL('**/admin/internal-sync');
    // The URL changes before the lazily loaded page replaces the Dashboard, which has its own
    // Sync Now: wait for the Internal Sync page itself.
    await page.getByRole('heading', { name: 'Internal Sync', level: 1 }).waitFor();
    const syncNow = page.getByRole('button', { name: 'Sync Now' });
    await syncNow.click();
    await page.getByText('Internal sync started').first().waitFor();
    const tables = page.getByRole('region', { name: 'Tables' });
    const eventTypes = page.getByRole('region', { name: 'Event Types' });
    await expect.poll(() => tables.textContent(), { timeout: 45_000 }).toContain('420');
    await expect.poll(() => eventTypes.textContent(), { timeout: 45_000 }).toContain('14');
    await syncNow.waitFor({ state: 'visible', timeout: 30_000 });

    // Search a feature (Enter), expand it, link two event types and three tables, save.
    const search = page.getByLabel('Search features');
    await search.fill('appointment');
    await search.press('Enter');
    // The Appointments & Scheduling module (other suites on this stack may have linked other features).
    const firstRow = page.getByTestId('feature-appointments-scheduling');
    await firstRow.waitFor();
    await firstRow.getByRole('button', { name: /^Link events of / }).click();
    const eventBoxes = firstRow.getByRole('checkbox', { name: /^appointment\./ });
    await eventBoxes.first().waitFor();
    for (const id of ['appointment.created', 'appointment.updated'])
      await firstRow.getByRole('checkbox', { name: new RegExp(`^${id.replace('.', '\\.')}`) }).check();
    const filter = firstRow.getByLabel(/^Filter tables for /);
    for (const table of ['appointment', 'patient', 'provider']) {
      await filter.fill(table);
      await firstRow.getByRole('checkbox', { name: new RegExp(`^${table} \\d+ column`) }).check();
    }
    await filter.fill('');
    const boxes = await firstRow.getByRole('checkbox', { checked: true }).count();
    await firstRow.getByRole('button', { name: 'Save Links' }).click();
    await page
      .getByText(/^Successfully linked \d+ events and \d+ tables$/)
      .first()
      .waitFor();
    expect(boxes).toBeGreaterThanOrEqual(5);

    // The developer of both demo apps subscribes each to the event type.
    const login = await api('POST', '/api/login', { body: OWNER });
    const devToken = login.body.access_token as string;
    const secrets: Record<string, string> = {};
    for (const [appId, receiver] of [
      [LICENSED, licensed],
      [NOT_LICENSED, other],
    ] as const) {
      const made = await api<WebhookRow>('POST', `/api/apps/${appId}/webhooks`, {
        token: devToken,
        body: { event_type: EVENT_TYPE, target_url: receiver.url },
      });
      expect(made.status).toBe(201);
      secrets[appId] = made.body.secret;
    }

    // Dashboard: start polling; the legacy system emits an event for the practice.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL((url) => url.pathname === '/admin');
    const start = page.getByRole('button', { name: 'Start Polling' });
    const stop = page.getByRole('button', { name: 'Stop Polling' });
    await expect.poll(() => start.isEnabled()).toBe(true);
    const emitted = await control<{ emitted: LegacyEvent[] }>('legacy', {
      emit: { practice_email: PRACTICE, type: EVENT_TYPE },
    });
    const event = must(emitted.emitted[0], 'the emitted event');
    await start.click();
    // The answer's toast, whichever it is: a failure fails here with its reason, not as a timeout.
    const started = page.getByText(/^(Polling started|Failed to start polling: .*)$/).first();
    await started.waitFor();
    expect(await started.textContent()).toBe('Polling started');
    await expect.poll(() => stop.isEnabled()).toBe(true);
    expect(await start.isDisabled()).toBe(true);

    const mine = (r: ReceivedRequest) => String(r.headers['webhook-id']) === event.id || r.body.includes(event.id);
    await expect.poll(() => licensed.received.some(mine), { timeout: 30_000 }).toBe(true);
    const delivery = licensed.received.find(mine) as ReceivedRequest;
    const verified = new Webhook(secrets[LICENSED] as string).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    }) as { type?: string };
    expect(JSON.stringify(verified)).toContain(EVENT_TYPE);

    // Stop polling.
    await stop.click();
    const stopped = page.getByText(/^(Polling stopped|Failed to stop polling: .*)$/).first();
    await stopped.waitFor();
    expect(await stopped.textContent()).toBe('Polling stopped');
    await expect.poll(() => start.isEnabled()).toBe(true);

    // The app the practice did not license got nothing of that event: the polls have ended and
    // every delivery they queued has been attempted.
    await queuesIdle();
    expect(other.received.filter(mine)).toHaveLength(0);
  });
});
