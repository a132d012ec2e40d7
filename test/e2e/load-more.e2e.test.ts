/**
 * End to end in Debian Chromium (issue 26): a category of 300 apps shows its first page and the
 * count from its counter, and Load more, pressed with the keyboard, reaches the last app.
 */
import { randomUUID } from 'node:crypto';
import { MARKETPLACE_PAGE_SIZE } from '@shared/constants';
import { CategorySchema } from '@shared/schemas/categories';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAppsRepository } from '../../functions/adapters/dynamodb/apps-repo';
import { appRecord } from '../../functions/core/apps/testing';
import { adminToken, api, newDeveloper } from '../support/api';
import { launchBrowser, newPage, waitForHydration } from './support/browser';

const COUNT = 300;
let browser: Browser;
let slug = '';
let name = '';

beforeAll(async () => {
  browser = await launchBrowser();
  const run = randomUUID().slice(0, 8);
  slug = `many-${run}`;
  const res = await api('POST', '/api/admin/categories', {
    token: await adminToken(),
    body: { name: `Many Apps ${run}`, slug, display_order: 950 },
  });
  expect(res.status).toBe(201);
  name = CategorySchema.parse(res.body).name;
  const dev = await newDeveloper();
  const repo = new DynamoAppsRepository();
  const apps = Array.from({ length: COUNT }, (_, i) =>
    appRecord({
      id: `many-${run}-${i}`,
      slug: `many-${run}-${i}`,
      name: `Many ${run} ${String(i + 1).padStart(3, '0')}`,
      user_id: dev.id,
      category: name,
      category_slug: slug,
    }),
  );
  for (let i = 0; i < apps.length; i += 5) await Promise.all(apps.slice(i, i + 5).map((a) => repo.create(a)));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('a category of 300 apps', () => {
  it('shows the first page with the total, and Load more reaches the last app', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/marketplace/category/${slug}`);
    await page.getByText(`Showing ${MARKETPLACE_PAGE_SIZE} of ${COUNT} apps in ${name}`).waitFor();
    const cards = page.locator(`a[href^="/marketplace/app/many-"]`);
    expect(await cards.count()).toBe(MARKETPLACE_PAGE_SIZE);
    await waitForHydration(page);
    const more = page.getByRole('button', { name: 'Load more apps' });
    for (let shown = MARKETPLACE_PAGE_SIZE; shown < COUNT; ) {
      await more.focus();
      await page.keyboard.press('Enter');
      const next = Math.min(COUNT, shown + MARKETPLACE_PAGE_SIZE);
      await page.getByText(`Showing ${next} of ${COUNT} apps in ${name}`).waitFor();
      // Focus moved to the first new card, so the keyboard goes on where the new apps start.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toMatch(
        /^\/marketplace\/app\/many-/,
      );
      shown = next;
    }
    expect(await cards.count()).toBe(COUNT);
    await page.getByRole('link', { name: new RegExp(`Many .* ${COUNT}$`) }).waitFor();
    expect(await more.count()).toBe(0);
    await context.close();
  });
});
