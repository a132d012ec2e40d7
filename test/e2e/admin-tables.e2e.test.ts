/**
 * Admin tables at a laptop's width: at 1280×860 App Management and User
 * Management fit the window (no horizontal scroll in the table container) and show long app names
 * whole, with User Management's actions in view.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, newDeveloper } from '../support/api';
import { launchBrowser, signInAsAdmin } from './support/browser';

const LONG_NAME = `Partner Hooked Scheduling Suite ${Date.now().toString(36)}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const dev = await newDeveloper({ company_name: 'Very Long Company Name Dental Software International' });
  const res = await api('POST', '/api/apps/submit', {
    token: dev.token,
    body: {
      name: LONG_NAME,
      tagline: 'A long name to show whole',
      short_description: 'An app whose name is long.',
      category: 'Communication',
      tags: 'layout',
      website_url: 'https://layout.example.com',
      icon_url: 'https://cdn.example.com/layout.png',
      key_features: ['Wide', 'Tables'],
      pricing_model: 'subscription',
      price: 49,
      price_period: 'per_user_monthly',
      company_name: 'Very Long Company Name Dental Software International',
      licensing_type: 'manual',
      licensing_instructions: 'We will e-mail your access details.',
      metadata: {},
    },
  });
  expect(res.status).toBe(201);
  await adminToken();
});
afterAll(async () => {
  await browser?.close();
});

async function adminPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject('apiUrl'), viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInAsAdmin(page);
  return page;
}

/** The table's scroll container: its content must not be wider than it. */
const containerFits = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).evaluate((t) => {
    const box = t.parentElement as HTMLElement;
    return {
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
      pageScroll: document.documentElement.scrollWidth,
    };
  });

describe('admin tables at 1280×860', { timeout: 120_000 }, () => {
  it('App Management shows the whole app name without horizontal scrolling', async () => {
    const page = await adminPage();
    await page.goto('/admin/apps');
    await page.getByRole('searchbox', { name: 'Search apps' }).fill(LONG_NAME);
    const name = page.getByText(LONG_NAME, { exact: true });
    await name.waitFor();
    await page.screenshot({ path: '/tmp/admin-apps-1280.png' });
    const fit = await containerFits(page, 'Apps');
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.pageScroll).toBeLessThanOrEqual(1280);
    // The whole name is shown: no ellipsis or clipping of the text box.
    const clipped = await name.evaluate(
      (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1,
    );
    expect(clipped).toBe(false);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what the admin sees
    expect(await name.innerText()).toBe(LONG_NAME);
    await page.screenshot({ path: '/tmp/admin-apps-1280.png' });
    await page.context().close();
  });

  it('User Management keeps every action in view without horizontal scrolling', async () => {
    const page = await adminPage();
    await page.goto('/admin/users');
    await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: /View/ }).first().waitFor();
    const fit = await containerFits(page, 'Users');
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.pageScroll).toBeLessThanOrEqual(1280);
    const views = page.getByRole('table', { name: 'Users' }).getByRole('link', { name: /View/ });
    const box = await views.first().boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: '/tmp/admin-users-1280.png' });
    await page.context().close();
  });
});
