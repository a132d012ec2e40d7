/**
 * Keyboard-only journeys in a real headless Chromium: sign-in, the checkout modal and the
 * submission wizard, driven with Tab, Shift+Tab, Space, Enter, arrow keys and typing only (no
 * clicks, no fill). Each control is reached by tabbing to it, which proves it is in the tab order
 * and focusable; a field's error is read from the field the keyboard is on.
 */
import { randomUUID } from 'node:crypto';
import { MSG } from '@shared/messages';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, api, approvedDeveloper, freeAppPayload, register, uniqueEmail } from '../support/api';
import { oneBrowserPerFile, signInAsAdmin } from './support/browser';

const openPage = oneBrowserPerFile();

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await target.first().waitFor();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target.first())) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`never reached by ${back ? 'Shift+Tab' : 'Tab'}: ${target.toString()}`);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** A native select: focus it with Tab and move with the arrow keys until it shows `label`. */
async function chooseWithArrows(page: Page, select: Locator, label: string) {
  await tabTo(page, select);
  for (let i = 0; i < 40; i++) {
    const shown = await select.evaluate((el) => {
      const s = el as HTMLSelectElement;
      return s.options[s.selectedIndex]?.text ?? '';
    });
    if (shown === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`option "${label}" not reached with the arrow keys`);
}

async function nextStep(page: Page, title: string) {
  const next = page.getByRole('button', { name: 'Next' });
  await expect.poll(() => next.isEnabled()).toBe(true);
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
}

async function signInWithKeyboard(page: Page, email: string, password: string) {
  await page.goto('/login');
  await typeInto(page, page.getByLabel('Email'), email);
  await typeInto(page, page.getByLabel(/^Password/), password);
  await page.keyboard.press('Enter');
}

async function newDeveloperAccount(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('kbd');
  const password = 'keyboard-secret';
  await register({ full_name: 'Kim Keys', email, password, company_name: 'Keys Dental' });
  return { email, password };
}

describe('with the keyboard alone', () => {
  it('signs in: wrong password is announced, the right one reaches the dashboard', async () => {
    const { context, page } = await openPage();
    const { email, password } = await newDeveloperAccount();
    await signInWithKeyboard(page, email, 'not-the-password');
    await page.getByText('Incorrect email or password').waitFor();
    await signInWithKeyboard(page, email, password);
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('opens the checkout modal, continues as a guest, reads the consent part and proceeds to payment', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await openPage();
    // An app that declares practice permissions: the modal shows what it asks for before payment.
    const appPage = '/marketplace/app/chartsmile-patient-hub';
    await page.goto(appPage);
    const purchase = page.getByRole('button', { name: 'Purchase License' });
    await tabTo(page, purchase);
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Complete Your Purchase' });
    await modal.waitFor();
    // Focus moved into the dialog and Tab stays inside it.
    await expect.poll(() => modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // The radio group takes one Tab stop; the arrow keys move between its options.
    await tabTo(page, modal.getByRole('radio', { checked: true }));
    const guest = modal.getByRole('radio', { name: /Continue as guest/ });
    for (let i = 0; i < 4 && !(await guest.isChecked()); i++) await page.keyboard.press('ArrowDown');
    expect(await guest.isChecked()).toBe(true);
    await typeInto(page, modal.getByLabel('Email address'), uniqueEmail('kbd-guest'));
    await modal.getByText(MSG.guestNote).waitFor();
    // The consent part is in the dialog, before the button that grants it.
    const consent = modal.getByRole('region', { name: 'This app asks for' });
    await consent.getByText(/By proceeding to payment you grant this access/).waitFor();
    const proceed = modal.getByRole('button', { name: 'Proceed to Payment' });
    expect(
      await consent.evaluate(
        (el, button) => !!button && Boolean(el.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING),
        await proceed.elementHandle(),
      ),
    ).toBe(true);
    await tabTo(page, proceed);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/api/stripe/test-checkout/**');
    await page.getByText('TEST MODE: No real payment will be taken').waitFor();

    // Escape closes the modal and gives the focus back to the button that opened it.
    await page.goto(appPage);
    await tabTo(page, purchase);
    await page.keyboard.press('Enter');
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => isFocused(purchase)).toBe(true);
    await context.close();
  });

  it('walks the six-step wizard, sees a field error at its step, and submits for review', async () => {
    const { context, page } = await openPage();
    const { email, password } = await newDeveloperAccount();
    await signInWithKeyboard(page, email, password);
    await page.waitForURL('**/dashboard');
    await page.goto('/dashboard/submit-app');
    await page.getByRole('heading', { level: 2, name: 'Basics' }).waitFor();
    const name = `Keyboard Charting ${randomUUID().slice(0, 6)}`;

    await typeInto(page, page.getByLabel(/App Name/), name);
    await typeInto(page, page.getByLabel(/Tagline/), 'Charting without a mouse');
    await typeInto(page, page.getByLabel(/Short Description/), 'Perio charting for practices, fully keyboard driven.');
    await chooseWithArrows(page, page.getByLabel(/^Category/), 'Clinical Tools');
    await nextStep(page, 'Media & Links');

    await typeInto(page, page.getByLabel(/Website URL/), 'https://keys.example.com');
    await typeInto(page, page.getByLabel(/Icon URL/), 'https://keys.example.com/icon.png');
    await nextStep(page, 'Features');

    await typeInto(page, page.getByLabel('Key feature 1'), 'Voice-free charting');
    await typeInto(page, page.getByLabel('Key feature 2'), 'Shortcuts for every tooth');
    await nextStep(page, 'Company & Pricing');

    await typeInto(page, page.getByLabel(/Company Name/), 'Keys Dental');
    await chooseWithArrows(page, page.getByLabel(/Pricing Model/), 'One-time purchase');
    // Over the server's maximum: the error shows on the price field and Next stays disabled.
    await typeInto(page, page.getByLabel(/Price \(USD\)/), '1000000');
    await page.getByText('Price must be at most 999999.99').first().waitFor();
    expect(await page.getByLabel(/Price \(USD\)/).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await typeInto(page, page.getByLabel(/Price \(USD\)/), '199');
    await nextStep(page, 'Licensing');

    await typeInto(page, page.getByLabel(/Licensing Instructions/), 'We e-mail your login within a day.');
    await nextStep(page, 'Review');

    await tabTo(page, page.getByRole('checkbox', { name: /I confirm/ }));
    await page.keyboard.press('Space');
    const submit = page.getByRole('button', { name: /Submit for Review/ });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await page.getByText(MSG.appSubmitted, { exact: true }).first().waitFor();
    await page.waitForURL('**/dashboard/apps');
    await page.getByRole('article').filter({ hasText: name }).getByText('Pending Review').waitFor();
    await context.close();
  }, 300_000);

  it('an app edited after approval: the admin opens its changes, the developer withdraws them', async () => {
    const [dev, admin] = await Promise.all([approvedDeveloper(), adminToken()]);
    const name = `Keys Review ${randomUUID().slice(0, 8)}`;
    const created = await api<{ id: string }>('POST', '/api/apps/submit', {
      token: dev.token,
      body: freeAppPayload(name),
    });
    expect(created.status).toBe(201);
    expect((await api('POST', `/api/admin/apps/${created.body.id}/approve`, { token: admin })).status).toBe(200);
    const edited = await api('PUT', `/api/apps/${created.body.id}/update`, {
      token: dev.token,
      body: freeAppPayload(name, { tagline: 'Now with charts' }),
    });
    expect(edited.status).toBe(200);

    // The admin: App Management, the app found by a typed search, its changes opened with Enter.
    const adminView = await openPage();
    await signInAsAdmin(adminView.page);
    await adminView.page.goto('/admin/apps');
    await typeInto(adminView.page, adminView.page.getByRole('searchbox', { name: 'Search apps' }), name);
    const row = adminView.page.getByRole('row').filter({ hasText: name });
    await tabTo(adminView.page, row.getByText('Show changes'));
    await adminView.page.keyboard.press('Enter');
    await row
      .getByRole('table', { name: `Changes of ${name} waiting for review` })
      .getByText('Now with charts')
      .waitFor();
    await adminView.context.close();

    // The developer: My Apps, Withdraw changes reached with Tab and pressed with Enter.
    const { context, page } = await openPage();
    await signInWithKeyboard(page, dev.email, dev.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/dashboard/apps');
    const withdraw = page.getByRole('button', { name: 'Withdraw changes' });
    await tabTo(page, withdraw);
    await page.keyboard.press('Enter');
    await page.getByText('Changes withdrawn: the app has its reviewed listing again').first().waitFor();
    await expect.poll(() => withdraw.count()).toBe(0);
    await context.close();
  });
});
