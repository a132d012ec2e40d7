/**
 * End to end in Chromium: a buyer with a licence reviews an app, its developer replies
 * under the review, the marketplace shows the new average; a visitor filters the marketplace by
 * "Open Dental" (a shareable ?works_with= link) and opens an app showing its Works With badges
 * and its Permissions section (declared by the developer against the synced catalogue).
 */

import type { LoginResponse } from '@shared/schemas/accounts';
import type { PermissionsCatalogue } from '@shared/schemas/permissions';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAppId } from '../../bin/seed/catalogue';
import { adminToken, api, newDeveloper } from '../support/api';
import { must } from '../support/must';
import { runSync } from '../support/sync';
import { oneBrowserPerFile, waitForHydration } from './support/browser';

const SLUG = 'smilepay-patient-payments'; // free demo app of ana@dentaflow.com, works with Open Dental
const APP_ID = demoAppId(SLUG);

const openPage = oneBrowserPerFile();

async function signedIn(token: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await openPage();
  await page.addInitScript((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('role', 'developer');
  }, token);
  return { page, close: () => context.close() };
}

describe('verified reviews and works-with', () => {
  it('a buyer reviews, the developer replies, the marketplace shows the new average; a visitor filters by Open Dental and sees the permissions', async () => {
    const buyer = await newDeveloper({ full_name: 'Dana Reviewer', company_name: 'Northside Dental' });
    const bought = await api('POST', '/api/stripe/create-checkout-session', {
      token: buyer.token,
      body: { app_id: APP_ID },
    });
    expect(bought.status).toBe(200);
    const title = `Billing got easy ${Date.now().toString(36)}`;

    const b = await signedIn(buyer.token);
    await b.page.goto(`/marketplace/app/${SLUG}`);
    await b.page.getByRole('heading', { name: 'Write a review' }).waitFor();
    await b.page.getByLabel('2 stars').check();
    await b.page.getByLabel('Title (optional)').fill(title);
    await b.page.getByLabel('Review (optional)').fill('Statements go out on time, but setup was slow.');
    await b.page.getByRole('button', { name: 'Submit review' }).click();
    await b.page.getByRole('article', { name: title }).waitFor();
    await b.page.getByRole('button', { name: 'Edit review' }).waitFor();
    await b.close();

    const login = await api<LoginResponse>('POST', '/api/login', {
      body: { email: 'ana@dentaflow.com', password: 'demo1234' },
    });
    const ana = login.body.access_token;
    // The internal sync loads the practice catalogue; the developer declares what SmilePay touches.
    await runSync(await adminToken(), 'full_sync');
    const { body: catalogue } = await api<PermissionsCatalogue>('GET', '/api/data-access/catalogue', { token: ana });
    const feature = must(catalogue.features[0], 'a catalogue feature');
    const declared = await api('PUT', `/api/apps/${APP_ID}/data-access`, {
      token: ana,
      body: {
        features: [{ id: feature.id, access: 'read' }],
        baa_signed: true,
        baa_url: 'https://dentaflow.example.com/baa',
      },
    });
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    // A declaration change of an approved app waits for review: the admin marks it reviewed.
    const reviewed = await api('POST', `/api/admin/apps/${APP_ID}/clear-flag`, { token: await adminToken() });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);

    const d = await signedIn(ana);
    await d.page.goto(`/marketplace/app/${SLUG}`);
    const review = d.page.getByRole('article', { name: title });
    await review.getByRole('button', { name: 'Reply' }).click();
    await review.getByLabel('Your reply').fill('Thanks Dana: setup now takes five minutes in 3.2.');
    await review.getByRole('button', { name: 'Publish reply' }).click();
    await review.getByText('Response from').waitFor();
    await review.getByText('Thanks Dana: setup now takes five minutes in 3.2.').first().waitFor();
    await d.close();

    const { body: summary } = await api('GET', `/api/apps/${APP_ID}/reviews`);
    const average = (summary.average_rating as number).toFixed(1);

    const { context, page } = await openPage();
    await page.goto('/');
    await page.getByText('Featured Apps').first().waitFor();
    await waitForHydration(page);
    await page.getByLabel('Practice system').selectOption('open_dental');
    await page.waitForURL(/works_with=open_dental/);
    const card = page.getByTestId('app-card').filter({ hasText: 'SmilePay' }).first();
    await card.getByLabel(`Rated ${average} out of 5`).waitFor();
    await card.getByText('Open Dental').waitFor();
    // Every card left declares Open Dental.
    // (the unfiltered list may stay on screen until the filtered answer arrives)
    const cards = page.getByTestId('app-card');
    await expect.poll(() => cards.filter({ hasNotText: 'Open Dental' }).count(), { timeout: 30_000 }).toBe(0);
    expect(await cards.count()).toBeGreaterThan(0);

    await card.getByRole('link').first().click();
    await page.waitForURL(`**/marketplace/app/${SLUG}`);
    await page.getByRole('heading', { name: 'Works With' }).waitFor();
    await page.getByTestId('average-rating').getByText(average).waitFor();
    await page.getByRole('article', { name: title }).getByText('Response from').waitFor();
    // Permissions: the declared feature, its tables on expand, and the BAA with its link.
    const access = page.getByRole('region', { name: 'Permissions' });
    await access.getByText(feature.name).first().waitFor();
    const tables = feature.table_count === 1 ? 'table' : 'tables';
    await access.getByRole('button', { name: `Show ${feature.table_count} ${tables} of ${feature.name}` }).click();
    await access.getByRole('button', { name: `Hide ${feature.table_count} ${tables} of ${feature.name}` }).waitFor();
    await access.getByText('The developer signs a Business Associate Agreement (BAA).').waitFor();
    expect(await access.getByRole('link', { name: /Business Associate Agreement|BAA/ }).getAttribute('href')).toBe(
      'https://dentaflow.example.com/baa',
    );
    await context.close();
  });
});
