/**
 * End to end in Debian Chromium: a visitor searches, picks a category, sorts by price,
 * opens an app and sees its pricing; unknown categories and apps; and an admin creates, edits,
 * deactivates and deletes a category while the marketplace follows.
 */

import { MSG } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { oneBrowserPerFile, signInAsAdmin } from './support/browser';

const openPage = oneBrowserPerFile();

describe('a visitor browses the marketplace', () => {
  it('searches on home, picks a category, sorts by price, opens an app and sees its pricing', async () => {
    const { context, page } = await openPage();
    await page.goto('/');
    await page.getByText('Featured Apps').first().waitFor();
    await page.getByPlaceholder('Search apps by name or description...').fill('periochart');
    await page.getByText('PerioChart Pro').first().waitFor();
    await page.getByPlaceholder('Search apps by name or description...').fill('zzz-no-such-app');
    await page.getByText(MSG.noAppsMatching).waitFor();

    await page.goto('/marketplace/categories');
    await page.getByText('Clinical Tools').first().click();
    await page.waitForURL('**/marketplace/category/clinical-tools');
    await page.getByPlaceholder('Search Clinical Tools apps...').waitFor();
    await page.getByText(/^Showing \d+ of \d+ apps in Clinical Tools$/).waitFor();

    await page.getByLabel('Sort apps').selectOption('price_high');
    await expect.poll(async () => (await page.getByRole('link', { name: /PerioChart Pro/ }).count()) > 0).toBe(true);
    const links = page.locator('a[href^="/marketplace/app/"]');
    const firstHigh = await links.first().getAttribute('href');
    await page.getByLabel('Sort apps').selectOption('price_low');
    await expect.poll(() => links.first().getAttribute('href')).not.toBe(firstHigh);

    await page.getByPlaceholder('Search Clinical Tools apps...').fill('PerioChart');
    await page.getByText('Showing 1 of', { exact: false }).waitFor();
    await page
      .getByRole('link', { name: /PerioChart Pro/ })
      .first()
      .click();
    await page.waitForURL('**/marketplace/app/periochart-pro');
    await page.getByText('License Pricing').waitFor();
    await page.getByText('$499.00').first().waitFor();
    await page.getByRole('button', { name: 'Purchase License' }).waitFor();
    await page.getByText('Key Features').waitFor();
    await context.close();
  });

  it('an unknown category lands on the categories list; an unknown app reads App not found', async () => {
    const { context, page } = await openPage();
    await page.goto('/marketplace/category/no-such-category');
    await page.waitForURL('**/marketplace/categories');
    await page.goto('/marketplace/app/no-such-app');
    await page.getByText(MSG.appNotFound).first().waitFor();
    await page.getByRole('link', { name: 'Back to Marketplace' }).first().waitFor();
    await context.close();
  });
});

describe('an admin curates categories', () => {
  it('creates, edits, deactivates and deletes a category, and the marketplace follows', async () => {
    const admin = await openPage();
    const page = admin.page;
    await signInAsAdmin(page);
    await page.goto('/admin/categories');

    const name = `Sleep Apnea ${Date.now().toString(36)}`;
    const slug = name.toLowerCase().replace(/\s+/g, '-');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByLabel(/^Name/).fill(name);
    // The slug is derived from the name as it is typed.
    expect(await page.getByLabel(/^Slug/).inputValue()).toBe(slug);
    await page.getByRole('button', { name: 'Create Category' }).click();
    await page.getByRole('cell', { name: slug }).waitFor();

    const visitor = await openPage();
    await visitor.page.goto('/marketplace/categories');
    await visitor.page.getByText(name).first().waitFor();

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await page.getByLabel('Description').fill('Oral appliance therapy and sleep studies.');
    await page.getByText('Active', { exact: true }).last().click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByText('Inactive')
      .waitFor();

    await visitor.page.reload();
    await visitor.page.getByText('Clinical Tools').first().waitFor();
    expect(await visitor.page.getByText(name).count()).toBe(0);
    await visitor.page.goto(`/marketplace/category/${slug}`);
    await visitor.page.waitForURL('**/marketplace/categories');

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByText(MSG.confirmDeleteCategory).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByRole('cell', { name: slug }).count()).toBe(0);

    await admin.context.close();
    await visitor.context.close();
  });
});
