/**
 * Verified reviews and "works with" over HTTP against the local stack: only licence
 * holders review, once per app; the author edits and deletes; a refund takes the review out of
 * the average; only the app's developer replies, once; an admin hides with a reason mailed to the
 * author; the marketplace's average, count and installations come from these counters; the filter
 * by practice system returns exactly the apps that declare it.
 */
import { randomUUID } from 'node:crypto';
import { type AppCard, MarketplacePageSchema } from '@shared/schemas/apps';
import type { Purchase } from '@shared/schemas/checkout';
import { MyReviewSchema, type OwnReview, REVIEW_MESSAGES, ReviewPageSchema } from '@shared/schemas/reviews';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppRecord } from '../../functions/core/apps/app';
import { adminToken, api, type Developer as Dev, mailsTo, newDeveloper, type WithDetail } from '../support/api';
import { must } from '../support/must';
import { createApp, testApp } from './checkout-fixtures';

/** A free app: a checkout grants the licence at once (completed purchase). */
const freeApp = (owner: Dev, label: string, overrides: Partial<AppRecord> = {}) =>
  createApp(
    testApp(owner.id, label, { pricing_model: 'free', price_cents: 0, licensing_type: 'manual', ...overrides }),
  );

async function buy(buyer: Dev, app: AppRecord): Promise<string> {
  const res = await api('POST', '/api/stripe/create-checkout-session', {
    token: buyer.token,
    body: { app_id: app.id },
  });
  expect(res.status).toBe(200);
  const mine = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token: buyer.token });
  expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  const purchase = mine.body.find((p) => p.app.id === app.id);
  expect(purchase?.status).toBe('completed');
  return must(purchase, `the purchase of ${app.id}`).id;
}

const review = (buyer: Dev, app: AppRecord, body: unknown) =>
  api<WithDetail<{ review: OwnReview }>>('POST', `/api/apps/${app.id}/reviews`, { token: buyer.token, body });

async function listed(app: AppRecord) {
  const res = await api('GET', `/api/marketplace/apps?q=${encodeURIComponent(app.name)}&limit=10`);
  expect(res.status).toBe(200);
  return MarketplacePageSchema.parse(res.body).items.find((a) => a.id === app.id);
}

let owner: Dev;
let admin: string;

beforeAll(async () => {
  owner = await newDeveloper();
  admin = await adminToken();
});

describe('verified reviews', () => {
  it('lets only a buyer with a completed licence review, once; counts it on the app', async () => {
    const app = await freeApp(owner, 'only-licensed');
    const [buyer, stranger] = await Promise.all([newDeveloper(), newDeveloper()]);

    const anonymous = await api('POST', `/api/apps/${app.id}/reviews`, { body: { rating: 5 } });
    expect(anonymous.status).toBe(401);
    const unlicensed = await review(stranger, app, { rating: 1, title: 'Never used it' });
    expect(unlicensed.status).toBe(403);
    expect(unlicensed.body.detail).toBe(REVIEW_MESSAGES.notLicensed);
    const byOwner = await review(owner, app, { rating: 5 });
    expect(byOwner.status).toBe(403);
    expect(
      MyReviewSchema.parse((await api('GET', `/api/apps/${app.id}/reviews/mine`, { token: stranger.token })).body),
    ).toEqual({ can_review: false, review: null });

    await buy(buyer, app);
    expect((await listed(app))?.installations).toBe(1);
    const bad = await review(buyer, app, { rating: 6 });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('Rating must be a whole number from 1 to 5');
    const long = await review(buyer, app, { rating: 4, title: 'x'.repeat(121) });
    expect(long.status).toBe(400);

    const first = await review(buyer, app, {
      rating: 4,
      title: 'Saves us an hour a day',
      text: 'Setup took ten minutes.',
    });
    expect(first.status).toBe(201);
    expect(first.body.review).toMatchObject({ rating: 4, title: 'Saves us an hour a day', status: 'visible' });
    expect(first.body.review).not.toHaveProperty('user_id');

    const second = await review(buyer, app, { rating: 1 });
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe(REVIEW_MESSAGES.alreadyReviewed);

    const page = ReviewPageSchema.parse((await api('GET', `/api/apps/${app.id}/reviews`)).body);
    expect(page).toMatchObject({ average_rating: 4, review_count: 1, distribution: { '4': 1, '1': 0 } });
    expect(page.items.map((r) => r.title)).toEqual(['Saves us an hour a day']);
    expect(await listed(app)).toMatchObject({ average_rating: 4, review_count: 1, installations: 1 });
  });

  it('lets the author edit and delete their review, and nobody else', async () => {
    const app = await freeApp(owner, 'edit-delete');
    const [a, b] = [await newDeveloper(), await newDeveloper()];
    await Promise.all([buy(a, app), buy(b, app)]);
    expect((await review(a, app, { rating: 2 })).status).toBe(201);
    expect((await review(b, app, { rating: 4 })).status).toBe(201);
    expect(await listed(app)).toMatchObject({ average_rating: 3, review_count: 2, installations: 2 });

    const edited = await api('PUT', `/api/apps/${app.id}/reviews/mine`, {
      token: a.token,
      body: { rating: 5, text: 'Support fixed it the same day' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.review).toMatchObject({ rating: 5, text: 'Support fixed it the same day' });
    // b's "mine" is b's own review: a's edit did not touch it.
    const bMine = MyReviewSchema.parse((await api('GET', `/api/apps/${app.id}/reviews/mine`, { token: b.token })).body);
    expect(bMine.review?.rating).toBe(4);
    expect(await listed(app)).toMatchObject({ average_rating: 4.5, review_count: 2 });

    const stranger = await newDeveloper();
    const noReview = await api('DELETE', `/api/apps/${app.id}/reviews/mine`, { token: stranger.token });
    expect(noReview.status).toBe(404);
    expect((await api('DELETE', `/api/apps/${app.id}/reviews/mine`, { token: a.token })).status).toBe(200);
    const page = ReviewPageSchema.parse((await api('GET', `/api/apps/${app.id}/reviews`)).body);
    expect(page).toMatchObject({ average_rating: 4, review_count: 1, distribution: { '5': 0, '4': 1 } });
  });

  it("takes a refunded buyer's review out of the average and the list", async () => {
    const app = await freeApp(owner, 'refunded');
    const [kept, refunded] = [await newDeveloper(), await newDeveloper()];
    await buy(kept, app);
    const purchaseId = await buy(refunded, app);
    await review(kept, app, { rating: 5 });
    await review(refunded, app, { rating: 1, title: 'Did not fit us' });
    expect(await listed(app)).toMatchObject({ average_rating: 3, review_count: 2, installations: 2 });

    const res = await api('POST', `/api/admin/purchases/${purchaseId}/refund`, { token: admin });
    expect(res.status).toBe(200);

    const page = ReviewPageSchema.parse((await api('GET', `/api/apps/${app.id}/reviews`)).body);
    expect(page).toMatchObject({ average_rating: 5, review_count: 1 });
    expect(page.items.map((r) => r.title)).not.toContain('Did not fit us');
    expect(await listed(app)).toMatchObject({ average_rating: 5, review_count: 1, installations: 1 });
    const mine = MyReviewSchema.parse(
      (await api('GET', `/api/apps/${app.id}/reviews/mine`, { token: refunded.token })).body,
    );
    expect(mine).toMatchObject({ can_review: false, review: { status: 'unverified' } });
    const edit = await api('PUT', `/api/apps/${app.id}/reviews/mine`, { token: refunded.token, body: { rating: 5 } });
    expect(edit.status).toBe(403);
  });

  it("lets only the app's developer reply, once per review; the reply shows under it", async () => {
    const app = await freeApp(owner, 'reply');
    const buyer = await newDeveloper();
    await buy(buyer, app);
    const { body } = await review(buyer, app, { rating: 3, text: 'Reports are slow' });
    const reply = (token: string, text = 'Fixed in 2.4, thank you!') =>
      api('POST', `/api/apps/${app.id}/reviews/${body.review.id}/reply`, { token, body: { text } });

    const otherDeveloper = await newDeveloper();
    const foreign = await reply(otherDeveloper.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.detail).toBe(REVIEW_MESSAGES.notOwner);
    expect((await reply(buyer.token)).status).toBe(403);
    expect((await reply(owner.token, '  ')).status).toBe(400);
    const first = await reply(owner.token);
    expect(first.status).toBe(201);
    const again = await reply(owner.token, 'Second answer');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(REVIEW_MESSAGES.alreadyReplied);

    const page = ReviewPageSchema.parse((await api('GET', `/api/apps/${app.id}/reviews`)).body);
    expect(page.items[0]?.reply?.text).toBe('Fixed in 2.4, thank you!');
  });

  it('lets an admin hide a review with a reason; the author is mailed and the average drops it', async () => {
    const app = await freeApp(owner, 'hide');
    const [kind, rude] = [await newDeveloper(), await newDeveloper()];
    await Promise.all([buy(kind, app), buy(rude, app)]);
    await review(kind, app, { rating: 4 });
    const { body } = await review(rude, app, { rating: 1, text: 'Call 555-0100 for a better app' });
    const hide = (token: string) =>
      api('POST', `/api/admin/apps/${app.id}/reviews/${body.review.id}/hide`, {
        token,
        body: { reason: 'Advertising another product' },
      });
    expect((await hide(owner.token)).status).toBe(403);
    const res = await hide(admin);
    expect(res.status).toBe(200);
    expect(res.body.review).toMatchObject({ status: 'hidden', hidden_reason: 'Advertising another product' });
    expect((await hide(admin)).status).toBe(409);

    expect(await listed(app)).toMatchObject({ average_rating: 4, review_count: 1 });
    const mail = (await mailsTo(rude.email)).find((m) => m.subject.includes('was hidden'));
    expect(mail?.text).toContain('Advertising another product');
  });

  it('pages the newest reviews with an opaque cursor and refuses a forged one', async () => {
    const app = await freeApp(owner, 'paging');
    const buyers = await Promise.all([newDeveloper(), newDeveloper(), newDeveloper()]);
    for (const [i, b] of buyers.entries()) {
      await buy(b, app);
      await review(b, app, { rating: 5, title: `Review ${i}` });
    }
    const first = ReviewPageSchema.parse((await api('GET', `/api/apps/${app.id}/reviews?limit=2`)).body);
    expect(first.items.map((r) => r.title)).toEqual(['Review 2', 'Review 1']);
    expect(first.next_cursor).toBeTruthy();
    const second = ReviewPageSchema.parse(
      (await api('GET', `/api/apps/${app.id}/reviews?limit=2&cursor=${first.next_cursor}`)).body,
    );
    expect(second.items.map((r) => r.title)).toEqual(['Review 0']);
    const other = await freeApp(owner, 'paging-other');
    const forged = await api('GET', `/api/apps/${other.id}/reviews?limit=2&cursor=${first.next_cursor}`);
    expect(forged.status).toBe(400);
  });

  it('sorts Highest Rated by the real average, ties by review count', async () => {
    const tag = randomUUID().slice(0, 6);
    const mk = (label: string) => freeApp(owner, label, { name: `Rated ${tag} ${label}` });
    const [top, tieMore, tieFewer] = [await mk('top'), await mk('tie-more'), await mk('tie-fewer')];
    const buyers = await Promise.all([newDeveloper(), newDeveloper()]);
    for (const b of buyers) await Promise.all([buy(b, top), buy(b, tieMore), buy(b, tieFewer)]);
    const [first, second] = [must(buyers[0]), must(buyers[1])];
    await review(first, top, { rating: 5 });
    await review(first, tieMore, { rating: 4 });
    await review(second, tieMore, { rating: 4 });
    await review(first, tieFewer, { rating: 4 });
    const res = await api<AppCard[]>(
      'GET',
      `/api/marketplace/apps?q=${encodeURIComponent(`Rated ${tag}`)}&sort=rating`,
    );
    expect(res.body.map((a) => a.id)).toEqual([top.id, tieMore.id, tieFewer.id]);
  });
});

describe('works with your practice system', () => {
  it('filters the marketplace by practice system from the index: exactly the apps that declare it', async () => {
    const tag = randomUUID().slice(0, 6);
    const dev = await newDeveloper();
    const mk = (label: string, systems: string[]) =>
      freeApp(dev, label, { name: `PMS ${tag} ${label}`, practice_systems: systems });
    const [od, both, dentrix, none] = [
      await mk('od', ['open_dental']),
      await mk('both', ['dentrix', 'open_dental']),
      await mk('dentrix', ['dentrix']),
      await mk('none', []),
    ];
    const ids = async (query: string) => {
      const res = await api<AppCard[]>('GET', `/api/marketplace/apps?q=${encodeURIComponent(`PMS ${tag}`)}${query}`);
      expect(res.status).toBe(200);
      return res.body.map((a) => a.id).sort();
    };
    // The listing of the new catalogue version is built in the background: wait until it shows them.
    await vi.waitFor(async () => expect(await ids('')).toHaveLength(4), { timeout: 20_000, interval: 200 });
    expect(await ids('&works_with=open_dental')).toEqual([od.id, both.id].sort());
    expect(await ids('&works_with=dentrix')).toEqual([both.id, dentrix.id].sort());
    expect(await ids('&works_with=eaglesoft')).toEqual([]);
    expect(await ids('')).toEqual([od.id, both.id, dentrix.id, none.id].sort());
    const bad = await api('GET', '/api/marketplace/apps?works_with=winOMS');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('works_with must be one of');

    // The owner changes what the app declares: the index follows with the app.
    const edit = await api('PUT', `/api/apps/${none.id}`, {
      token: dev.token,
      body: { name: none.name, type: 'public', practice_systems: ['open_dental', 'open_dental'] },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.practice_systems).toEqual(['open_dental']);
    const dropped = await api('PUT', `/api/apps/${od.id}`, {
      token: dev.token,
      body: { name: od.name, type: 'public', practice_systems: [] },
    });
    expect(dropped.status).toBe(200);
    // The listing is material: the public list keeps the reviewed systems until an admin reviews them.
    expect(await ids('&works_with=open_dental')).toEqual([od.id, both.id].sort());
    for (const id of [none.id, od.id]) {
      const reviewed = await api('POST', `/api/admin/apps/${id}/clear-flag`, { token: admin });
      expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    }
    await vi.waitFor(async () => expect(await ids('&works_with=open_dental')).toEqual([both.id, none.id].sort()), {
      timeout: 10_000,
    });

    const detail = await api('GET', `/api/marketplace/apps/by-slug/${both.slug}`);
    expect(detail.body.practice_systems).toEqual(['open_dental', 'dentrix']);
    const category = await api(
      'GET',
      `/api/marketplace/apps/category/clinical-tools?q=${encodeURIComponent(`PMS ${tag}`)}&works_with=dentrix`,
    );
    expect((category.body.apps as Array<{ id: string }>).map((a) => a.id).sort()).toEqual([both.id, dentrix.id].sort());
  });
});
