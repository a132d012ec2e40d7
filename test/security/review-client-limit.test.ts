/**
 * Attack: with many verified accounts that each hold a licence, one network writes a flood of
 * reviews for an app. One client address writes at most REVIEWS_PER_CLIENT_PER_DAY reviews a day
 * (here 2): the next is refused with 429 and the limit's text, nothing of it is published, and a
 * practice on another network still may review. The shared stack relaxes this limit, so the
 * test runs its own server and sends from several loopback addresses.
 */
import { REVIEW_MESSAGES, ReviewPageSchema } from '@shared/schemas/reviews';
import { expect, it } from 'vitest';
import { createApp, testApp } from '../integration/checkout-fixtures';
import { api, approvedDeveloper } from '../support/api';
import { licensedPractice } from './support/accounts';
import { callFrom, newClient, ownServer } from './support/own-server';

const server = ownServer({ REVIEWS_PER_CLIENT_PER_DAY: '2' });

it('one client address writes at most REVIEWS_PER_CLIENT_PER_DAY reviews; the refused one is not published; another address still may', async () => {
  const owner = await approvedDeveloper();
  const app = await createApp(
    testApp(owner.id, 'review-flood-target', { pricing_model: 'free', price_cents: 0, licensing_type: 'manual' }),
  );
  const network = newClient();
  const review = (token: string, from: string, rating: number) =>
    callFrom<{ detail?: string }>(server.url, from, 'POST', `/api/apps/${app.id}/reviews`, {
      token,
      body: { rating, title: `Rated ${rating}` },
    });

  const first = await licensedPractice(app.id, 'Flood Practice One');
  const second = await licensedPractice(app.id, 'Flood Practice Two');
  const third = await licensedPractice(app.id, 'Flood Practice Three');
  expect((await review(first.token, network, 1)).status).toBe(201);
  expect((await review(second.token, network, 1)).status).toBe(201);

  const refused = await review(third.token, network, 1);
  expect(refused.status).toBe(429);
  expect(refused.body.detail).toBe(REVIEW_MESSAGES.tooManyReviews(Number(refused.headers['retry-after'])));
  expect(refused.body.detail).toMatch(/^Too many reviews from your network today/);

  const page = ReviewPageSchema.parse((await api('GET', `/api/apps/${app.id}/reviews`)).body);
  expect(page.review_count).toBe(2);
  expect(page.items.map((r) => r.author_name).sort()).toEqual(['Flood Practice One', 'Flood Practice Two']);
  const mine = await api<{ can_review: boolean; review: unknown }>('GET', `/api/apps/${app.id}/reviews/mine`, {
    token: third.token,
  });
  expect(mine.body).toEqual({ can_review: true, review: null });

  // The same practice, from another network, is not held back by the first network's reviews.
  expect((await review(third.token, newClient(), 5)).status).toBe(201);
  const after = ReviewPageSchema.parse((await api('GET', `/api/apps/${app.id}/reviews`)).body);
  expect(after.review_count).toBe(3);
  expect(after.items.map((r) => r.author_name)).toContain('Flood Practice Three');
});
