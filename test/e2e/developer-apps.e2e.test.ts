/**
 * End-to-end in a real headless Chromium, the 'Done when' of the developer-apps issue: a developer
 * creates an app with the quick form, then submits a public app through the six-step wizard with
 * an uploaded icon and two screenshots; the admin approves it in App Management; a visitor finds
 * it on the marketplace by its name; the admin suspends it and it disappears.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG } from '@shared/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, uniqueEmail } from '../support/api';
import { png } from '../support/images';
import { launchBrowser, newPage, signInAsAdmin, signInAsDeveloper, waitForHydration } from './support/browser';

// --- Browser helpers ------------------------------------------------------------------------

let browser: Browser;
let dir: string;
const files = { icon: '', shot1: '', shot2: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'e2e-apps-'));
  files.icon = join(dir, 'icon.png');
  files.shot1 = join(dir, 'screenshot-1.png');
  files.shot2 = join(dir, 'screenshot-2.png');
  writeFileSync(files.icon, png(256, 256, 155));
  writeFileSync(files.shot1, png(640, 400, 235));
  writeFileSync(files.shot2, png(640, 400, 119));
});
afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** E2E_SCREENSHOTS=<dir> saves a full-page screenshot at each milestone (for reviewing the screens). */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function snap(page: Page, name: string) {
  if (shotsDir) await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

async function next(page: Page, title: string) {
  const button = page.getByRole('button', { name: 'Next' });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
}

/** The marketplace home as a signed-out visitor (a fresh context: nothing cached, no session). */
async function visitorSearch(name: string): Promise<{ found: boolean; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Software your practice can trust' }).waitFor();
  await waitForHydration(page); // the server-rendered page: typing before hydration is not seen by React
  await page.getByLabel('Search apps').fill(name);
  const card = page.getByTestId('app-card').filter({ hasText: name });
  const empty = page.getByText(MSG.noAppsMatching).first();
  await expect.poll(async () => (await card.count()) > 0 || (await empty.isVisible())).toBe(true);
  return { found: (await card.count()) > 0, close: () => context.close() };
}

describe('developer apps in the browser', () => {
  it('quick create, wizard submission with uploads, admin approval, marketplace listing, suspension', async () => {
    const email = uniqueEmail('apps');
    await register({ full_name: 'Dana Dev', email, password: 'dana-secret', company_name: 'Dana Dental' });
    const suffix = randomUUID().slice(0, 6);
    const internalName = `Front Desk Sync ${suffix}`;
    const publicName = `Smile Scheduler ${suffix}`;

    // The developer signs in through the UI.
    const dev = await newPage(browser);
    const page = dev.page;
    await signInAsDeveloper(page, email, 'dana-secret');

    // 1. Quick create.
    await page.goto('/dashboard/apps');
    await page
      .getByRole('link', { name: /Quick Create/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Quick Create' }).waitFor();
    await page.getByLabel(/App Name/).fill(internalName);
    await page.getByLabel(/App Type/).selectOption('internal');
    await page.getByLabel(/Description/).fill('Keeps the front desk in sync.');
    await page.getByLabel(/Website URL/).fill('https://desk.example.com');
    await page.getByRole('button', { name: /Create App/ }).click();
    await toast(page, MSG.appCreated);
    await page.waitForURL('**/dashboard/apps');
    await page.getByRole('heading', { name: internalName }).waitFor();
    await page.getByRole('tab', { name: 'Apps I Created (1)' }).waitFor();

    // 2. The six-step wizard.
    await page
      .getByRole('link', { name: /Submit to Marketplace/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: 'Basics' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByLabel(/App Name/).fill(publicName);
    await page.getByLabel(/Tagline/).fill('Book more, chase less');
    await page.getByLabel(/Short Description/).fill('Online booking and SMS reminders for dental practices.');
    await page.getByLabel(/^Category/).selectOption({ label: 'Appointment Scheduling' });
    await page.getByLabel(/^Tags/).fill('booking');
    await page.getByLabel(/^Tags/).press('Enter');
    await snap(page, '1-basics');
    await next(page, 'Media & Links');

    await page.getByLabel(/Website URL/).fill('https://smile.example.com');
    await page.locator('input[aria-label="Icon file"]').setInputFiles(files.icon);
    await expect.poll(() => page.getByLabel(/Icon URL/).inputValue(), { timeout: 15_000 }).toMatch(/\S/);
    await page.locator('input[aria-label="Screenshot files"]').setInputFiles([files.shot1, files.shot2]);
    await page.getByRole('img', { name: 'Screenshot 2' }).waitFor();
    await snap(page, '2-media');
    await next(page, 'Features');

    await page.getByLabel('Key feature 1').fill('Online booking around the clock');
    await page.getByLabel('Key feature 2').fill('Automatic SMS reminders');
    await snap(page, '3-features');
    await next(page, 'Company & Pricing');

    await page.getByLabel(/Company Name/).fill('Dana Dental');
    await page.getByLabel(/Pricing Model/).selectOption('subscription');
    await page.getByLabel(/Price \(USD\)/).fill('29.99');
    await page.getByLabel(/Billing Period/).selectOption('monthly');
    await snap(page, '4-company-pricing');
    await next(page, 'Licensing');

    await page.getByLabel(/Licensing Instructions/).fill('We e-mail your login within one business day.');
    await snap(page, '5-licensing');
    await next(page, 'Review');

    await page.getByText('I confirm this listing is accurate').click();
    await snap(page, '6-review');
    await page.getByRole('button', { name: /Submit for Review/ }).click();
    await toast(page, MSG.appSubmitted);
    await page.waitForURL('**/dashboard/apps');
    const card = page.getByRole('article').filter({ hasText: publicName });
    await card.getByText('Pending Review').waitFor();
    await page.getByRole('tab', { name: 'Apps I Created (2)' }).waitFor();
    await snap(page, '7-my-apps');

    // Not on the marketplace before review.
    const before = await visitorSearch(publicName);
    expect(before.found).toBe(false);
    await before.close();

    // 3. The admin approves it in App Management.
    const admin = await newPage(browser);
    const adminPage = admin.page;
    await signInAsAdmin(adminPage);
    await adminPage.goto('/admin/apps');
    await adminPage.getByRole('button', { name: /^Marketplace \(\d+\)$/ }).click();
    // Narrow the list to this app: the list pages on the server with apps awaiting review first, so
    // once approved the app would move off the first page of a busy shared stack.
    await adminPage.getByLabel('Search apps').fill(publicName);
    // A CSS locator: while the review dialog is open, the page behind it is aria-hidden.
    const row = adminPage.locator('tr', { hasText: publicName });
    await row.getByText('Pending Review').waitFor();
    await row.getByRole('button', { name: `View ${publicName}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: publicName });
    await dialog.getByRole('heading', { name: 'Basic Information' }).waitFor();
    await dialog.getByText(email).waitFor();
    await snap(adminPage, '8-admin-dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    const confirm = adminPage.getByRole('alertdialog');
    await confirm.getByText(MSG.confirmApproveApp).waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await toast(adminPage, MSG.appApproved);
    await dialog.getByRole('button', { name: 'Suspend' }).waitFor();
    await row.getByText('Published').waitFor();

    // 4. A visitor finds it on the marketplace home by its name; the developer sees it Published.
    const listed = await visitorSearch(publicName);
    expect(listed.found).toBe(true);
    await listed.close();
    await page.reload();
    await card.getByText('Published').waitFor();
    await card.getByRole('link', { name: /View on marketplace/ }).waitFor();
    await snap(page, '9-my-apps-published');

    // 5. The admin suspends it and it leaves the marketplace.
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await confirm.getByText(MSG.confirmSuspendApp).waitFor();
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await toast(adminPage, MSG.appSuspended);
    // The same status its developer sees (shared/app-status.ts).
    await row.getByText('Suspended').waitFor();

    const after = await visitorSearch(publicName);
    expect(after.found).toBe(false);
    await after.close();

    await admin.context.close();
    await dev.context.close();
  }, 120_000);
});
