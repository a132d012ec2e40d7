/**
 * End to end in a real headless Chromium on the local default (no Stripe keys, so the
 * checkout URL opens the local TEST MODE page whose Pay button sends a Stripe-signed
 * checkout.session.completed event to the real webhook):
 * - a guest buys a paid key-pool app (no account is created), comes back to the success page
 *   with the banner that says how to see it in an account and the order, gets the licence e-mail
 *   with the key, signs up with the same address, follows the verification link, signs in and
 *   finds the same key on My Purchases;
 * - a signed-in developer gets a free app's licence in one go and finds it on My Purchases;
 * - a practice signs up as a practice, buys a paid app signed in and a free app as a guest with
 *   another address, adds the guest purchase through the mailed claim link, sees both on My
 *   Purchases, is never offered the developer portal and is not awaiting approval; on the way it
 *   sees what the paid app asks for in the checkout modal, finds that access granted on My
 *   Purchases, revokes it (the developer's receiver gets install.revoked, verified with the
 *   `standardwebhooks` library) and grants it again.
 */
import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import { MSG } from '@shared/messages';
import type { LoginResponse } from '@shared/schemas/accounts';
import type { PermissionsCatalogue } from '@shared/schemas/permissions';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAppId } from '../../bin/seed/catalogue';
import { adminToken, api, mailsTo, newDeveloper, uniqueEmail } from '../support/api';
import { must } from '../support/must';
import { type Receiver, startReceiver } from '../support/receiver';
import { runSync } from '../support/sync';
import { launchBrowser, newPage, signInAsDeveloper, waitForHydration } from './support/browser';

/** Demo apps of bin/seed/demo-apps.ts. */
const PAID_KEY_POOL = { slug: 'periochart-pro', name: 'PerioChart Pro', amount: '$499.00 USD' };
const FREE_UNIVERSAL = { slug: 'smilepay-patient-payments', code: 'SMILEPAY-DEMO-2025' };
/** Bought by the practice journey only. */
const PRACTICE_PAID = { slug: 'clearview-imaging-bridge', name: 'ClearView Imaging Bridge', amount: '$899.00 USD' };
/** PRACTICE_PAID's developer (bin/seed/demo-developers.ts). */
const PRACTICE_PAID_DEVELOPER = { email: 'ops@clearbite.health', password: 'demo1234' };
const PRACTICE_FREE = { slug: 'ce-tracker', name: 'CE Tracker for Dental Teams', code: 'CETRACK-DEMO-2025' };

let browser: Browser;
let receiver: Receiver;
beforeAll(async () => {
  [browser, receiver] = await Promise.all([launchBrowser(), startReceiver()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), receiver?.close()]);
});

/**
 * PRACTICE_PAID's developer declares what the app asks for (a feature read, an event type, a BAA),
 * the admin marks it reviewed, and a webhook for install.revoked points at the receiver; answers
 * the webhook secret and the declared feature's name and id.
 */
async function declarePracticePaid(): Promise<{ secret: string; feature: string; featureId: string }> {
  const admin = await adminToken();
  await runSync(admin, 'full_sync');
  const login = await api<LoginResponse>('POST', '/api/login', { body: PRACTICE_PAID_DEVELOPER });
  const token = login.body.access_token;
  const appId = demoAppId(PRACTICE_PAID.slug);
  const { body: catalogue } = await api<PermissionsCatalogue>('GET', '/api/data-access/catalogue', { token });
  const feature = must(catalogue.features[0], 'a catalogue feature');
  const event = must(catalogue.event_types[0], 'a catalogue event type');
  const declared = await api('PUT', `/api/apps/${appId}/data-access`, {
    token,
    body: {
      features: [{ id: feature.id, access: 'read' }],
      event_types: [event.id],
      baa_signed: true,
      baa_url: 'https://clearbite.example.com/baa',
    },
  });
  expect(declared.status, JSON.stringify(declared.body)).toBe(200);
  const reviewed = await api('POST', `/api/admin/apps/${appId}/clear-flag`, { token: admin });
  expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const hook = await api('POST', `/api/apps/${appId}/webhooks`, {
    token,
    body: { event_type: 'install.revoked', target_url: receiver.url, secret },
  });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  return { secret, feature: feature.name, featureId: feature.id };
}

/** The newest mail to `email` whose text matches `pattern`; returns the first capture group. */
async function fromMail(email: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        for (const mail of (await mailsTo(email)).reverse()) {
          const match = pattern.exec(mail.text ?? '');
          if (match?.[1]) {
            found = match[1];
            break;
          }
        }
        return found;
      },
      { timeout: 20_000, interval: 250 },
    )
    .not.toBe('');
  return found;
}

/**
 * On /signup: fills the name fields (label to value), the address and the password, creates the
 * account, then follows the mailed verification link until the page says the address is verified.
 */
async function signUpAndVerify(page: Page, names: Record<string, string>, email: string, password: string) {
  for (const [label, value] of Object.entries(names)) await page.getByLabel(label).fill(value);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/login');
  await page.goto(await fromMail(email, /(https?:\/\/\S+\/verify-email\?token=[\w-]+)/));
  await page.getByText(MSG.emailVerified).waitFor();
}

describe('checkout in the browser', () => {
  it('a guest buys a paid key-pool app, gets the key by e-mail and finds it on My Purchases after signing in', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('guest');

    await page.goto(`/marketplace/app/${PAID_KEY_POOL.slug}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Purchase License' }).click();
    const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' });
    await modal.getByText('Continue as guest').click();
    await modal.getByLabel('Email address').fill(email);
    await modal.getByText(MSG.guestNote).waitFor();
    await modal.getByRole('button', { name: 'Proceed to Payment' }).click();

    // The local stand-in for Stripe Checkout, clearly marked as test mode.
    await page.waitForURL('**/api/stripe/test-checkout/**');
    await page.getByText('TEST MODE: No real payment will be taken').waitFor();
    await page.getByRole('heading', { name: PAID_KEY_POOL.name }).waitFor();
    await page.getByRole('button', { name: /^Pay \$499\.00 USD/ }).click();

    await page.waitForURL(
      (url) =>
        url.pathname === '/marketplace/purchase-success' &&
        url.searchParams.has('session_id') &&
        url.searchParams.get('new_account') === 'true',
    );
    await page.getByText('Your license is kept for your email address.').waitFor();
    await page.getByRole('heading', { name: 'Thank you for your purchase!' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('order-app').textContent()).toBe(PAID_KEY_POOL.name);
    expect(await page.getByTestId('order-amount').textContent()).toBe(PAID_KEY_POOL.amount);

    // The licence e-mail carries the key and says how to see it in an account.
    const key = await fromMail(email, /Your license key: (\S+)/);
    const licenceMail = (await mailsTo(email)).find((m) => m.subject === `Your license for ${PAID_KEY_POOL.name}`);
    expect(licenceMail?.text).toContain('/claim-account?token=');

    // The buyer signs up with the same address, follows the mailed verification link and signs in.
    await page.goto('/signup');
    await signUpAndVerify(
      page,
      { 'Full Name': 'Dr. Guest Buyer', 'Company Name': 'Guest Dental' },
      email,
      'guest-secret-1',
    );
    await signInAsDeveloper(page, email, 'guest-secret-1');

    await page.goto('/marketplace/my-purchases');
    await page.getByRole('heading', { name: 'My Purchased Licenses' }).waitFor();
    const card = page.locator('article', { has: page.getByRole('heading', { name: PAID_KEY_POOL.name }) });
    expect(await card.getByTestId('license-key').textContent()).toBe(key);
    expect(await card.getByText(PAID_KEY_POOL.amount).count()).toBe(1);
    expect(await card.getByText('Active', { exact: true }).count()).toBe(1);
    await context.close();
  });

  it('a signed-in developer gets a free app licence at once and sees it on My Purchases', async () => {
    const { context, page } = await newPage(browser);
    const dev = await newDeveloper();
    await signInAsDeveloper(page, dev.email, dev.password);

    await page.goto(`/marketplace/app/${FREE_UNIVERSAL.slug}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Get License' }).click();
    const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' });
    await modal.getByText(MSG.loggedInReady).waitFor();
    await modal.getByRole('button', { name: 'Proceed to Payment' }).click();

    // No payment page for a free app: straight to the success page.
    await page.waitForURL((url) => url.pathname === '/marketplace/purchase-success');
    await page.getByRole('heading', { name: 'Thank you for your purchase!' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('order-amount').textContent()).toBe('$0.00 USD');
    expect(await page.getByText('Your license is kept for your email address.').count()).toBe(0);

    await page.getByRole('link', { name: 'View All Purchases' }).click();
    await page.waitForURL('**/marketplace/my-purchases');
    await page.getByTestId('license-key').filter({ hasText: FREE_UNIVERSAL.code }).waitFor();
    await context.close();
  });

  it('a practice signs up as one, buys signed in and as a guest, claims the guest purchase and sees both', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('practice');
    const frontDesk = uniqueEmail('frontdesk');
    const { secret, feature, featureId } = await declarePracticePaid();

    // Sign up as a practice: no company website, no approval; the mailed link verifies the address.
    await page.goto('/signup');
    await page.getByText('I buy apps for a practice').click();
    await signUpAndVerify(
      page,
      { 'Contact Name': 'Dr. Rivera', 'Practice Name': 'Riverside Family Dental' },
      email,
      'practice-secret-1',
    );

    // Signed in, a practice lands on My Purchases, not on a developer dashboard.
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('practice-secret-1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/marketplace/my-purchases');

    // A paid app, signed in, through the (local test-mode) hosted checkout.
    await page.goto(`/marketplace/app/${PRACTICE_PAID.slug}`);
    await waitForHydration(page);
    expect(await page.getByRole('banner').getByText('Developer Portal').count()).toBe(0);
    await page.getByRole('button', { name: 'Purchase License' }).click();
    const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' });
    await modal.getByText(MSG.loggedInReady).waitFor();
    // What the app asks for, in plain words; checking out accepts it.
    const asks = modal.getByRole('region', { name: 'This app asks for' });
    await asks.getByText(`Reads: ${feature}`, { exact: false }).waitFor();
    await asks.getByText('Signs a BAA: yes').waitFor();
    // axe on the modal with its consent part (accessibility.e2e.test.ts opens it for an app that declares nothing).
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    );
    const { violations } = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .options({ resultTypes: ['violations'] })
      .setLegacyMode(true)
      .analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    // Keyboard alone: Enter on the focused Proceed to Payment starts it.
    await modal.getByRole('button', { name: 'Proceed to Payment' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/api/stripe/test-checkout/**');
    await page.getByRole('button', { name: /^Pay \$899\.00 USD/ }).click();
    await page.waitForURL((url) => url.pathname === '/marketplace/purchase-success');
    await page.getByRole('heading', { name: 'Thank you for your purchase!' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('order-app').textContent()).toBe(PRACTICE_PAID.name);

    // My Purchases: the access accepted at checkout is granted; revoked, the developer hears of it.
    await page.goto('/marketplace/my-purchases');
    const access = page.getByRole('region', { name: `Access of ${PRACTICE_PAID.name}` });
    await access.getByText('Access granted').waitFor({ timeout: 20_000 });
    await access.getByText(`Reads: ${featureId}`).waitFor();
    await access.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await access.getByText(`No practice data reaches ${PRACTICE_PAID.name}. The licence stays valid.`).waitFor();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const delivery = must(receiver.received[0], 'the install.revoked delivery');
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(delivery.headers[h])]),
    );
    const revoked = new Webhook(secret).verify(delivery.body, headers) as { type: string };
    expect(revoked.type).toBe('install.revoked');
    // Granted again, from the same card.
    await access.getByRole('button', { name: 'Grant' }).click();
    await access.getByText('Access granted').waitFor();

    // A free app as a guest with the front desk's address, in another browser (nobody signed in).
    const guest = await newPage(browser);
    await guest.page.goto(`/marketplace/app/${PRACTICE_FREE.slug}`);
    await waitForHydration(guest.page);
    await guest.page.getByRole('button', { name: 'Get License' }).click();
    const guestModal = guest.page.getByRole('dialog', { name: 'Complete Your Purchase' });
    await guestModal.getByText('Continue as guest').click();
    await guestModal.getByLabel('Email address').fill(frontDesk);
    await guestModal.getByRole('button', { name: 'Proceed to Payment' }).click();
    // The page first says the confirmation was sent (the mail may arrive before that navigation ends).
    await guest.page.waitForURL((url) => url.pathname === '/marketplace/purchase-success');
    // A free app asked for as a guest is granted once the mailbox's holder confirms it.
    await guest.page.goto(await fromMail(frontDesk, /(https?:\/\/\S+\/marketplace\/confirm-license\?token=[\w-]+)/));
    await guest.page.getByRole('button', { name: 'Confirm and get my license' }).click();
    await guest.page.waitForURL((url) => url.pathname === '/marketplace/purchase-success');
    await guest.page.getByRole('heading', { name: 'Thank you for your purchase!' }).waitFor({ timeout: 20_000 });
    await guest.context.close();

    // The licence mail to the front desk carries "Create your practice account"; followed while
    // signed in as the practice, it adds that address's purchases to the practice's account.
    const claim = await fromMail(frontDesk, /(https?:\/\/\S+\/claim-account\?token=[\w%-]+)/);
    await page.goto(claim);
    await page.getByRole('button', { name: 'Add to my account' }).click();
    await page.getByRole('link', { name: 'Go to My Purchases' }).click();
    await page.waitForURL('**/marketplace/my-purchases');
    await page.getByRole('heading', { name: PRACTICE_PAID.name }).waitFor();
    await page.getByRole('heading', { name: PRACTICE_FREE.name }).waitFor();
    await page.getByTestId('license-key').filter({ hasText: PRACTICE_FREE.code }).waitFor();

    // The developer portal is not theirs: its address offers only signing in with a developer account.
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page
      .getByText("You're signed in with a practice account. Sign in with a developer account to open that page.")
      .waitFor();

    // Not a developer awaiting approval: the admin's list has it as an approved practice.
    const token = await adminToken();
    const pending = await api<{ items: { email: string }[] }>(
      'GET',
      `/api/admin/users?q=${encodeURIComponent(email)}&status=pending&limit=20`,
      {
        token,
      },
    );
    expect(pending.body.items.map((u) => u.email)).not.toContain(email);
    const found = await api<{ items: { email: string; role: string; status: string }[] }>(
      'GET',
      `/api/admin/users?q=${encodeURIComponent(email)}&limit=20`,
      { token },
    );
    expect(found.body.items.find((u) => u.email === email)).toMatchObject({ role: 'practice', status: 'approved' });
    await context.close();
  });
});
