/**
 * Attack: sink a competitor's free app. Register throwaway accounts with addresses nobody reads
 * (`.invalid`), take a free licence with each, and post one-star reviews under made-up company
 * names. Before, four such accounts took an app's rating from 4.25 to 2.63, each shown as
 * "verified purchase" under its invented name.
 *
 * Now a review comes only from a verified address (a throwaway account cannot verify), its author
 * shows as "Verified customer" unless it is a practice account, and one client writes at most
 * REVIEWS_PER_CLIENT_PER_DAY reviews a day.
 */

import { REVIEW_MESSAGES, ReviewPageSchema, VERIFIED_CUSTOMER } from '@shared/schemas/reviews';
import { expect, it } from 'vitest';
import type { AppRecord } from '../../functions/core/apps/app';
import { createApp, testApp } from '../integration/checkout-fixtures';
import { api, approvedDeveloper, newDeveloper, newPractice, type WithDetail } from '../support/api';

const freeApp = async (ownerId: string, label: string): Promise<AppRecord> =>
  createApp(testApp(ownerId, label, { pricing_model: 'free', price_cents: 0, licensing_type: 'manual' }));

async function takeFreeLicence(token: string, app: AppRecord) {
  const res = await api('POST', '/api/stripe/create-checkout-session', { token, body: { app_id: app.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const summary = async (app: AppRecord) =>
  ReviewPageSchema.parse((await api('GET', `/api/apps/${app.id}/reviews`)).body);

it('throwaway unverified accounts holding a free licence cannot review; a verified one shows as Verified customer', async () => {
  const owner = await approvedDeveloper();
  const app = await freeApp(owner.id, 'throwaway-target');
  const practice = await newPractice({ company_name: 'Lakeside Family Dentistry' });
  await takeFreeLicence(practice.token, app);
  expect(
    (await api('POST', `/api/apps/${app.id}/reviews`, { token: practice.token, body: { rating: 5 } })).status,
  ).toBe(201);

  for (let i = 0; i < 4; i++) {
    const throwaway = await newDeveloper(
      { email: `sink-${Date.now()}-${i}@competitor.invalid`, company_name: `Happy Dental ${i}` },
      { verified: false },
    );
    await takeFreeLicence(throwaway.token, app);
    const mine = await api<{ can_review: boolean }>('GET', `/api/apps/${app.id}/reviews/mine`, {
      token: throwaway.token,
    });
    expect(mine.body.can_review).toBe(false);
    const res = await api<WithDetail<object>>('POST', `/api/apps/${app.id}/reviews`, {
      token: throwaway.token,
      body: { rating: 1, title: 'Terrible' },
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(REVIEW_MESSAGES.verifyFirst);
  }

  const after = await summary(app);
  expect(after.review_count).toBe(1);
  expect(after.average_rating).toBe(5);
  expect(after.items.map((r) => r.author_name)).toEqual(['Lakeside Family Dentistry']);

  // A verified developer's company name says nothing about a practice: shown as Verified customer.
  const developer = await newDeveloper({ company_name: 'Made Up Clinic' });
  await takeFreeLicence(developer.token, app);
  expect(
    (await api('POST', `/api/apps/${app.id}/reviews`, { token: developer.token, body: { rating: 4 } })).status,
  ).toBe(201);
  const names = (await summary(app)).items.map((r) => r.author_name).sort();
  expect(names).toEqual(['Lakeside Family Dentistry', VERIFIED_CUSTOMER].sort());
});
