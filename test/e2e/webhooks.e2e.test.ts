/**
 * End to end in a real headless Chromium: a developer with an approved public app adds a
 * webhook in My Apps pointing at a receiver this test runs on loopback (the local default allows
 * internal targets), sends a test event from My Apps, and the receiver verifies the delivery with
 * the off-the-shelf `standardwebhooks` library; the developer's log view shows 200 and the admin
 * finds the delivery in Webhook Logs.
 */
import { randomUUID } from 'node:crypto';
import type { Webhook as WebhookRow } from '@shared/schemas/webhooks';
import type { Browser, Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, approvedDeveloper } from '../support/api';
import { type ReceivedRequest, type Receiver, startReceiver } from '../support/receiver';
import { launchBrowser, newPage, signInAsAdmin, signInAsDeveloper } from './support/browser';

const EVENT_TYPE = 'license.purchased';

/** A public app submitted by the developer and approved by the admin, both through the API. */
async function approvedPublicApp(token: string) {
  const name = `Recall Relay ${randomUUID().slice(0, 6)}`;
  const submitted = await api('POST', '/api/apps/submit', {
    token,
    body: {
      name,
      tagline: 'Recall reminders that patients answer',
      short_description: 'Sends recall reminders and books the visit when the patient replies.',
      long_description: 'Recall Relay watches your recall list and books visits from text replies.',
      category: 'Communication',
      tags: 'recall, reminders',
      website_url: 'https://recall-relay.example.com',
      icon_url: 'https://recall-relay.example.com/icon.png',
      key_features: ['Two-way recall texts', 'Books from replies'],
      pricing_model: 'free',
      price: 0,
      company_name: 'Recall Relay Inc',
      licensing_type: 'universal_code',
      license_keys: '',
      universal_access_code: 'RECALL-E2E',
      licensing_instructions: '',
      webhook_license_url: '',
      free_trial_days: null,
      founded_year: '2020',
      metadata: { screenshots: [], use_cases: ['Recall'], integrations: [], price_period: '' },
    },
  });
  if (submitted.status !== 201) throw new Error(`submit failed: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const approved = await api('POST', `/api/admin/apps/${submitted.body.id}/approve`, { token: await adminToken() });
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${JSON.stringify(approved.body)}`);
  return { id: submitted.body.id as string, name };
}

/** Opens one of the app's tools on My Apps and returns its dialog. */
async function openTool(page: Page, appName: string, tool: string): Promise<Locator> {
  await page
    .getByRole('group', { name: `Tools for ${appName}` })
    .getByRole('button', { name: tool, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: tool });
  await dialog.waitFor();
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

let browser: Browser;
let receiver: Receiver;
beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver();
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe('webhooks in the browser', () => {
  it('a test event reaches a loopback receiver, verifies with standardwebhooks, and is logged for the developer and the admin', async () => {
    const dev = await approvedDeveloper();
    const app = await approvedPublicApp(dev.token);
    const { context, page } = await newPage(browser);
    await signInAsDeveloper(page, dev.email, dev.password);

    // Add the webhook in My Apps, leaving the secret empty so one is generated.
    await page.goto('/dashboard/apps');
    await page.getByRole('heading', { name: app.name }).waitFor();
    const webhooks = await openTool(page, app.name, 'Webhooks');
    // The field is a select once the event types have loaded (a text input until then).
    await webhooks.getByRole('combobox', { name: /^Event Type/ }).waitFor();
    await webhooks.getByLabel(/^Event Type/).selectOption(EVENT_TYPE);
    await webhooks.getByLabel(/^Target URL/).fill(receiver.url);
    await webhooks.getByRole('button', { name: 'Add Webhook' }).click();
    await webhooks.getByText(receiver.url).waitFor();
    // The generated secret is shown once, right after creation; lists show its first 10 characters.
    const shownOnce = (await webhooks.getByTestId('webhook-secret-once').textContent())?.trim() ?? '';
    expect(shownOnce).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    await closeDialog(page, webhooks);

    const list = await api<WebhookRow[]>('GET', `/api/apps/${app.id}/webhooks`, { token: dev.token });
    const listed = list.body.find((w) => w.target_url === receiver.url);
    expect(listed?.event_type).toBe(EVENT_TYPE);
    expect(listed?.secret).toBe(shownOnce.slice(0, 10));
    const hook = { secret: shownOnce };

    // Send a test event from My Apps.
    const test = await openTool(page, app.name, 'Test Event');
    await test.getByRole('combobox', { name: /^Event Type/ }).waitFor();
    await test.getByLabel(/^Event Type/).selectOption(EVENT_TYPE);
    await test.getByRole('button', { name: 'Send Test Event' }).click();
    await test.getByText('Test event sent').waitFor();
    await closeDialog(page, test);

    // The receiver got it, signed the Standard Webhooks way.
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const delivery = receiver.received[0] as ReceivedRequest;
    expect(delivery.path).toBe('/hooks/dental');
    const headers = {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    };
    const event = new Webhook(hook?.secret ?? '').verify(delivery.body, headers) as {
      type: string;
      app_id: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe(EVENT_TYPE);
    expect(event.app_id).toBe(app.id);
    expect(event.data.test).toBe(true);
    // A tampered body does not verify.
    expect(() => new Webhook(hook?.secret ?? '').verify(`${delivery.body} `, headers)).toThrow();

    // The developer's log view shows the delivery with 200 (green).
    await expect
      .poll(
        async () => {
          const logs = await openTool(page, app.name, 'Webhook Logs');
          const row = logs.getByRole('row').filter({ hasText: receiver.url });
          await logs.getByRole('table').or(logs.getByText('No webhook logs found.')).first().waitFor();
          const status = (await row.count()) > 0 ? await row.first().getByRole('cell').nth(2).textContent() : null;
          await closeDialog(page, logs);
          return status;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('200');
    await context.close();

    // The admin sees it in Webhook Logs, with its details.
    const admin = await newPage(browser);
    await signInAsAdmin(admin.page);
    await admin.page.goto('/admin/logs');
    await admin.page.getByRole('heading', { name: 'Webhook Logs' }).waitFor();
    const row = admin.page.getByRole('row').filter({ hasText: receiver.url }).first();
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(EVENT_TYPE);
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('200');
    // A successful delivery is not offered for replay.
    expect(await row.getByRole('button', { name: /Replay/ }).count()).toBe(0);
    await row.getByRole('button', { name: /View/ }).click();
    const details = admin.page.getByRole('dialog', { name: 'Webhook Log Details' });
    await details.getByText(headers['webhook-id']).waitFor();
    expect(await details.getByTestId('log-response').textContent()).toBe('answered 200');

    // The Audit tab lists the developer's webhook creation: who and what.
    await admin.page.keyboard.press('Escape');
    await admin.page.getByRole('tab', { name: 'Audit' }).click();
    await admin.page.getByRole('heading', { name: 'Audit Trail' }).waitFor();
    await admin.page.getByLabel('Who (e-mail)').fill(dev.email);
    await admin.page.getByRole('button', { name: 'Filter' }).click();
    const entry = admin.page
      .getByRole('table', { name: 'Audit trail' })
      .getByRole('row')
      .filter({ hasText: 'webhook.create' });
    await entry.first().waitFor();
    expect(await entry.first().textContent()).toContain(dev.email);
    await admin.context.close();
  });
});
