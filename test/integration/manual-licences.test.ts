/**
 * Manual licences against DynamoDB Local and the local SES: a manual app's
 * purchase waits in manual_pending until its developer records what they sent; the buyer is then
 * mailed and sees the licence active on My Purchased Licenses. Only the owner (or an admin) may
 * complete, once; bad input changes nothing. Reminders go out once after 12 hours.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MSG } from '@shared/messages';
import type { Purchase } from '@shared/schemas/checkout';
import {
  type AdminManualLicenceList,
  MANUAL_DETAILS_REQUIRED,
  MANUAL_LICENCE_DONE,
  MANUAL_LICENCE_NOT_FOUND,
  type ManualLicenceList,
} from '@shared/schemas/manual-licences';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { LEGACY_PENDING_MARKER, purchaseKeys, timeSort } from '../../functions/adapters/dynamodb/keys';
import { dynamoLicenceLookup } from '../../functions/adapters/dynamodb/licences-read-repo';
import {
  dynamoManualLicences,
  indexDeveloperPendingOfApp,
} from '../../functions/adapters/dynamodb/manual-licences-repo';
import { dynamoUsersRepository } from '../../functions/adapters/dynamodb/users-repo';
import { sesMailer } from '../../functions/adapters/mailer';
import { getConfig } from '../../functions/config';
import { CLAIM_LINK_TEXT, DEVELOPER_TEXT_NOTE } from '../../functions/core/licences/licence-mails';
import { createManualLicences } from '../../functions/core/licences/manual-licences';
import { DAY_SECONDS } from '../../functions/core/mail/recipient-cap';
import type { PurchaseRecord } from '../../functions/core/purchases/purchase';
import { rateLimiter } from '../../functions/wiring/rate-limits';
import { adminToken, api, type Developer as Dev, mailsTo, newDeveloper, uniqueEmail } from '../support/api';
import { queuesIdle, workerQueuesIdle } from '../support/queues';
import {
  apps,
  createApp,
  deliveredPurchase,
  getPurchase,
  insertPurchase,
  postEvent,
  purchasesRepo,
  sessionCompletedEvent,
  testApp,
  waitForMail,
} from './checkout-fixtures';

const INSTRUCTIONS = 'We call you to set up access.';

let owner: Dev;
let other: Dev;
let buyer: Dev;

beforeAll(async () => {
  [owner, other, buyer] = await Promise.all([newDeveloper(), newDeveloper(), newDeveloper()]);
});

/**
 * A manual app of the owner and a completed purchase of it by `buyer` (or as `purchase` says),
 * waiting in manual_pending.
 */
async function pendingManualPurchase(label: string, purchase: Partial<PurchaseRecord> = {}) {
  const app = await createApp(
    testApp(owner.id, label, { licensing_type: 'manual', licensing_instructions: INSTRUCTIONS }),
  );
  const p = await insertPurchase(app, { user_id: buyer.id, buyer_email: buyer.email, ...purchase });
  expect((await postEvent(sessionCompletedEvent(p))).status).toBe(200);
  expect(await deliveredPurchase(p.id)).toMatchObject({ license_status: 'manual_pending' });
  return { app, p };
}

/** Every page of the admin's pending list (oldest first, a page at a time), with the first page's counts. */
async function adminPending(token: string): Promise<AdminManualLicenceList & { status: number }> {
  const first = await api<AdminManualLicenceList>('GET', '/api/admin/manual-licences', { token });
  const licences = [...first.body.licences];
  for (let cursor = first.body.next_cursor, n = 0; cursor && n < 50; n++) {
    const next = await api<AdminManualLicenceList>(
      'GET',
      `/api/admin/manual-licences?cursor=${encodeURIComponent(cursor)}`,
      { token },
    );
    licences.push(...next.body.licences);
    cursor = next.body.next_cursor;
  }
  return { ...first.body, licences, status: first.status };
}

describe('manual licences', () => {
  it('the owner sees the pending licence, completes it with access details: buyer mailed, licence active', async () => {
    const { app, p } = await pendingManualPurchase('manual-complete');
    const listed = await api<ManualLicenceList>('GET', '/api/manual-licences', { token: owner.token });
    expect(listed.status).toBe(200);
    const mine = listed.body.licences.find((l) => l.purchase_id === p.id);
    expect(mine).toMatchObject({ app_id: app.id, app_name: app.name, buyer_email: buyer.email, overdue: false });
    // Another developer does not see it.
    const theirs = await api<ManualLicenceList>('GET', '/api/manual-licences', { token: other.token });
    expect(theirs.body.licences.some((l) => l.purchase_id === p.id)).toBe(false);

    const details = `Sign in at https://clinic.example.com with code ${randomUUID().slice(0, 8)}`;
    const done = await api('POST', `/api/manual-licences/${p.id}/complete`, {
      token: owner.token,
      body: { access_details: `  ${details}  ` },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ purchase_id: p.id, license_status: 'active', license_key: null });

    const mails = await waitForMail(
      buyer.email,
      (m) => m.subject === `Your license for ${app.name}` && (m.text ?? '').includes(details),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).not.toContain(MSG.accessPendingText);
    // Like the automatic licence mail, it links to the app's access (see or revoke without signing in).
    const link = /\/marketplace\/app-access\?token=([^\s]+)/.exec(mails[0]?.text ?? '')?.[1];
    expect(link, 'the access link in the completion mail').toBeTruthy();
    const opened = await api('POST', '/api/install-link', { body: { token: decodeURIComponent(link ?? '') } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({ app_id: app.id });

    const purchases = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token: buyer.token });
    const bought = purchases.body.find((x) => x.id === p.id);
    expect(bought?.license_status).toBe('active');
    // No longer pending for the developer.
    const after = await api<ManualLicenceList>('GET', '/api/manual-licences', { token: owner.token });
    expect(after.body.licences.some((l) => l.purchase_id === p.id)).toBe(false);

    // Completing twice: 409, and no second mail.
    const again = await api('POST', `/api/manual-licences/${p.id}/complete`, {
      token: owner.token,
      body: { access_details: 'again' },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(MANUAL_LICENCE_DONE);
    expect((await mailsTo(buyer.email)).filter((m) => (m.text ?? '').includes(details))).toHaveLength(1);
  });

  it('a licence key makes the licence assigned, findable by the Partner API lookup', async () => {
    const { app, p } = await pendingManualPurchase('manual-key');
    const key = `MAN-${randomUUID()}`;
    const done = await api('POST', `/api/manual-licences/${p.id}/complete`, {
      token: owner.token,
      body: { license_key: key },
    });
    expect(done.status).toBe(200);
    expect(await getPurchase(p.id)).toMatchObject({ license_status: 'assigned', license_key: key });
    expect((await dynamoLicenceLookup.findByKey(app.id, key))?.id).toBe(p.id);
    const mails = await waitForMail(buyer.email, (m) => (m.text ?? '').includes(`Your license key: ${key}`));
    expect(mails).toHaveLength(1);
  });

  it('another developer gets 404 and changes nothing; bad input gets 400 and changes nothing', async () => {
    const { p } = await pendingManualPurchase('manual-guard');
    const foreign = await api('POST', `/api/manual-licences/${p.id}/complete`, {
      token: other.token,
      body: { access_details: 'stolen' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(MANUAL_LICENCE_NOT_FOUND);

    for (const body of [{}, { access_details: '   ' }, { license_key: 'x'.repeat(1001) }, { access_details: 42 }]) {
      const bad = await api('POST', `/api/manual-licences/${p.id}/complete`, { token: owner.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(typeof bad.body.detail).toBe('string');
    }
    const empty = await api('POST', `/api/manual-licences/${p.id}/complete`, { token: owner.token, body: {} });
    expect(empty.body.detail).toBe(MANUAL_DETAILS_REQUIRED);
    const missing = await api('POST', `/api/manual-licences/${randomUUID()}/complete`, {
      token: owner.token,
      body: { access_details: 'x' },
    });
    expect(missing.status).toBe(404);
    // Developers may not use the admin route.
    const asDev = await api('POST', `/api/admin/purchases/${p.id}/complete-licence`, {
      token: other.token,
      body: { access_details: 'x' },
    });
    expect(asDev.status).toBe(403);
    expect(await getPurchase(p.id)).toMatchObject({ license_status: 'manual_pending', license_key: null });
  });

  it('an admin lists pending licences with the overdue count and completes one', async () => {
    const { p } = await pendingManualPurchase('manual-admin');
    const token = await adminToken();
    const list = await adminPending(token);
    expect(list.status).toBe(200);
    expect(list.overdue_hours).toBe(24);
    expect(typeof list.overdue_count).toBe('number');
    expect(list.pending_count).toBeGreaterThanOrEqual(1);
    expect(list.licences.some((l) => l.purchase_id === p.id)).toBe(true);
    const done = await api('POST', `/api/admin/purchases/${p.id}/complete-licence`, {
      token,
      body: { access_details: 'Admin sent the login by phone' },
    });
    expect(done.status).toBe(200);
    expect(await getPurchase(p.id)).toMatchObject({ license_status: 'active' });
    const again = await api('POST', `/api/admin/purchases/${p.id}/complete-licence`, {
      token,
      body: { access_details: 'x' },
    });
    expect(again.status).toBe(409);
  });

  it('reminds the developer once, after 12 hours, and counts it overdue after 24', async () => {
    const { app, p } = await pendingManualPurchase('manual-remind');
    const at = (hours: number) => () => new Date(Date.now() + hours * 3_600_000);
    const service = (hours: number) =>
      createManualLicences({
        store: dynamoManualLicences,
        apps,
        users: dynamoUsersRepository,
        mailer: sesMailer,
        appUrl: 'http://localhost',
        now: at(hours),
      });
    const subject = `Reminder: ${buyer.email} is still waiting for access to ${app.name}`;
    await service(11).sendReminders();
    expect((await mailsTo(owner.email)).filter((m) => m.subject === subject)).toHaveLength(0);
    await service(12.1).sendReminders();
    await service(13).sendReminders();
    const reminders = await waitForMail(owner.email, (m) => m.subject === subject);
    // The reminders ran here, through this worker's mailer: its sends are done once they resolved,
    // and a failed one would wait on this worker's mail queue.
    await workerQueuesIdle();
    expect((await mailsTo(owner.email)).filter((m) => m.subject === subject)).toHaveLength(1);
    expect(reminders[0]?.text).toContain(p.id);

    const later = await service(25).listAll({ limit: 500 });
    expect(later.licences.find((l) => l.purchase_id === p.id)?.overdue).toBe(true);
    expect(later.overdue_count).toBeGreaterThanOrEqual(1);
  });

  it('one pending past 24 hours reads overdue to the admin (counted for the Dashboard) and to its developer', async () => {
    const { p } = await pendingManualPurchase('manual-overdue');
    const since = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: purchaseKeys.purchase(p.id),
        // As delivery writes one that went pending then: its time and its place in the pending index.
        UpdateExpression: 'SET fulfilled_at = :since, GSI3SK = :sk, GSI4SK = :sk',
        ExpressionAttributeValues: { ':since': since, ':sk': timeSort(since, p.id) },
      }),
    );
    const admin = await adminPending(await adminToken());
    const mine = admin.licences.find((l) => l.purchase_id === p.id);
    expect(mine).toMatchObject({ pending_since: since, overdue: true });
    expect(admin.overdue_count).toBeGreaterThanOrEqual(1);
    // The counts are of every pending licence, read from the index (not of the page).
    expect(admin.overdue_count).toBe(admin.licences.filter((l) => l.overdue).length);
    expect(admin.pending_count).toBe(admin.licences.length);
    const dev = await api<ManualLicenceList>('GET', '/api/manual-licences', { token: owner.token });
    expect(dev.body.licences.find((l) => l.purchase_id === p.id)?.overdue).toBe(true);
  });

  it('a licence pending from before the reminder index existed is found once and reminded once', async () => {
    const { app, p } = await pendingManualPurchase('manual-legacy');
    // As such items were written then: pending, delivered, without the MANUALPENDING index keys.
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: purchaseKeys.purchase(p.id),
        UpdateExpression: 'REMOVE GSI3PK, GSI3SK',
      }),
    );
    await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: LEGACY_PENDING_MARKER }));
    const service = createManualLicences({
      store: dynamoManualLicences,
      apps,
      users: dynamoUsersRepository,
      mailer: sesMailer,
      appUrl: 'http://localhost',
      now: () => new Date(Date.now() + 13 * 3_600_000),
    });
    const admin = await adminToken();
    const before = await adminPending(admin);
    expect(before.licences.some((l) => l.purchase_id === p.id)).toBe(false);

    await service.sendReminders();
    await service.sendReminders();
    const subject = `Reminder: ${buyer.email} is still waiting for access to ${app.name}`;
    await waitForMail(owner.email, (m) => m.subject === subject);
    await workerQueuesIdle();
    expect((await mailsTo(owner.email)).filter((m) => m.subject === subject)).toHaveLength(1);
    // Now in the index: the admin's list (and its overdue count) has it too.
    const after = await adminPending(admin);
    expect(after.licences.some((l) => l.purchase_id === p.id)).toBe(true);
    expect(await service.indexLegacyPending()).toBe(0);
  });
});

describe("who the completion mail reaches (the developer's words go only to a proven address)", () => {
  const detailsFor = (label: string) =>
    `Sign in at https://clinic.example.com with code ${label}-${randomUUID().slice(0, 8)}`;
  const complete = (id: string, details: string) =>
    api('POST', `/api/manual-licences/${id}/complete`, { token: owner.token, body: { access_details: details } });

  it("an unverified account's purchase turns active but mails nothing: the buyer reads it on My Purchases", async () => {
    const unverified = await newDeveloper({}, { verified: false });
    const { p } = await pendingManualPurchase('manual-unverified', {
      user_id: unverified.id,
      buyer_email: unverified.email,
    });
    // What the purchase's own delivery sent (its "being prepared" mail) is out before the completion.
    await queuesIdle();
    const before = await mailsTo(unverified.email);
    const details = detailsFor('unverified');
    const done = await complete(p.id, details);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ purchase_id: p.id, license_status: 'active' });
    const mine = await api<Purchase[]>('GET', '/api/stripe/my-purchases', { token: unverified.token });
    expect(mine.body.find((x) => x.id === p.id)?.license_status).toBe('active');
    // Whatever the completion sent (or queued for a retry) has gone out by now: nothing.
    await queuesIdle();
    const after = await mailsTo(unverified.email);
    expect(after.slice(before.length).map((m) => m.subject)).toEqual([]);
    expect(after.some((m) => (m.text ?? '').includes(details))).toBe(false);
  });

  it("a paid guest is told in the platform's words only, with the claim link", async () => {
    const { app, p } = await pendingManualPurchase('manual-guest', {
      user_id: `guest-${randomUUID()}`,
      buyer_email: uniqueEmail('paid-guest'),
      buyer_new_account: true,
    });
    const details = detailsFor('guest');
    const done = await complete(p.id, details);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const [mail] = await waitForMail(
      p.buyer_email,
      (m) => m.subject === `Your license for ${app.name}` && (m.text ?? '').includes('Your license is active.'),
    );
    const text = mail?.text ?? '';
    expect(text).not.toContain(details);
    expect(text).not.toContain(INSTRUCTIONS);
    expect(text).not.toContain(DEVELOPER_TEXT_NOTE);
    expect(text).toMatch(new RegExp(`${CLAIM_LINK_TEXT}: \\S+/claim-account\\?token=`));
    await queuesIdle();
    expect((await mailsTo(p.buyer_email)).some((m) => (m.text ?? '').includes(details))).toBe(false);
  });

  it('a recipient at the daily mail cap gets no completion mail; the licence still turns active', async () => {
    const capped = await newDeveloper();
    const { p } = await pendingManualPurchase('manual-capped', { user_id: capped.id, buyer_email: capped.email });
    await queuesIdle();
    // The address has had its day's mails: the cap's counter (the one every buyer mail takes from) is full.
    const limit = {
      key: `mail-to:${capped.email}`,
      limit: getConfig().MAILS_PER_RECIPIENT_PER_DAY,
      windowSeconds: DAY_SECONDS,
    };
    for (let i = 0; i <= limit.limit && (await rateLimiter.tryTake(limit)); i++);
    expect(await rateLimiter.tryTake(limit)).toBe(false);

    const details = detailsFor('capped');
    const done = await complete(p.id, details);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await getPurchase(p.id)).toMatchObject({ license_status: 'active' });
    await queuesIdle();
    expect((await mailsTo(capped.email)).some((m) => (m.text ?? '').includes(details))).toBe(false);
  });
});

describe("the developer's pending list, a page at a time (GSI4)", () => {
  let dev: Dev;
  let rival: Dev;

  beforeAll(async () => {
    [dev, rival] = await Promise.all([newDeveloper(), newDeveloper()]);
  });

  /** A manual app of `developer` with `n` purchases waiting in manual_pending, in the order they went pending. */
  async function pendingOf(developer: Dev, label: string, n: number) {
    const app = await createApp(testApp(developer.id, label, { licensing_type: 'manual' }));
    const ids: string[] = [];
    const emails: string[] = [];
    for (let i = 0; i < n; i++) {
      // Each by its own buyer (one open purchase per buyer and app).
      const p = await insertPurchase(app);
      emails.push(p.buyer_email);
      expect((await postEvent(sessionCompletedEvent(p))).status).toBe(200);
      expect(await deliveredPurchase(p.id)).toMatchObject({ license_status: 'manual_pending' });
      ids.push(p.id);
    }
    return { app, ids, emails };
  }

  const page = (token: string, query = '') =>
    api<ManualLicenceList & { detail?: string }>('GET', `/api/manual-licences${query}`, { token });

  /** Every page of the developer's list, `limit` at a time. */
  async function allPages(token: string, limit: number) {
    const pages: ManualLicenceList[] = [];
    let cursor: string | null = null;
    do {
      const res = await page(token, `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push(res.body);
      cursor = res.body.next_cursor;
    } while (cursor && pages.length < 20);
    return pages;
  }

  it('pages oldest first with a cursor, never shows another developer’s, and a completed or refunded one leaves it', async () => {
    const first = await pendingOf(dev, 'manual-page-a', 2);
    const second = await pendingOf(dev, 'manual-page-b', 1);
    const theirs = await pendingOf(rival, 'manual-page-rival', 2);
    const mine = [...first.ids, ...second.ids];

    // Two pages of 2: the first with a cursor, the second the last (null).
    const one = await page(dev.token, '?limit=2');
    expect(one.status).toBe(200);
    expect(one.body.licences.map((l) => l.purchase_id)).toEqual(mine.slice(0, 2));
    expect(one.body.next_cursor).toEqual(expect.any(String));
    const two = await page(dev.token, `?limit=2&cursor=${encodeURIComponent(one.body.next_cursor ?? '')}`);
    expect(two.status).toBe(200);
    expect(two.body.licences.map((l) => l.purchase_id)).toEqual(mine.slice(2));
    expect(two.body.next_cursor).toBeNull();
    expect(two.body.licences[0]).toMatchObject({
      app_id: second.app.id,
      app_name: second.app.name,
      buyer_email: second.emails[0],
      overdue: false,
    });
    const since = [...one.body.licences, ...two.body.licences].map((l) => l.pending_since);
    expect(since).toEqual([...since].sort());

    // The default page holds all three; the rival's never show, nor ours theirs.
    const all = await page(dev.token);
    expect(all.body.licences.map((l) => l.purchase_id)).toEqual(mine);
    expect(all.body.next_cursor).toBeNull();
    const rivals = (await allPages(rival.token, 1)).flatMap((p) => p.licences.map((l) => l.purchase_id));
    expect(rivals).toEqual(theirs.ids);

    // Completed: gone from the list. Refunded while it waited: gone too.
    const done = await api('POST', `/api/manual-licences/${mine[0]}/complete`, {
      token: dev.token,
      body: { access_details: 'Sent by phone' },
    });
    expect(done.status).toBe(200);
    expect(await purchasesRepo.markRefunded(mine[2] as string, { refunded_at: new Date().toISOString() })).toBe(
      'applied',
    );
    const left = (await allPages(dev.token, 1)).flatMap((p) => p.licences.map((l) => l.purchase_id));
    expect(left).toEqual([mine[1]]);
  });

  it('a licence pending from before the index is listed once the migration ran', async () => {
    const { app, ids } = await pendingOf(dev, 'manual-page-legacy', 1);
    const id = ids[0] as string;
    // As such items were written then: pending, delivered, without the developer's index keys.
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: purchaseKeys.purchase(id),
        UpdateExpression: 'REMOVE GSI4PK, GSI4SK',
      }),
    );
    const listed = async () => (await allPages(dev.token, 100)).flatMap((p) => p.licences.map((l) => l.purchase_id));
    expect(await listed()).not.toContain(id);
    expect(await indexDeveloperPendingOfApp(app.id)).toBe(1);
    expect(await indexDeveloperPendingOfApp(app.id)).toBe(0);
    expect(await listed()).toContain(id);
  });

  it('a cursor not of this list, or of another developer’s, and a limit out of range answer 400 with a detail', async () => {
    await pendingOf(rival, 'manual-page-rival-cursor', 2);
    const rivalCursor = (await page(rival.token, '?limit=1')).body.next_cursor;
    expect(rivalCursor).toEqual(expect.any(String));
    for (const query of [
      '?cursor=not-a-cursor',
      `?cursor=${encodeURIComponent(rivalCursor ?? '')}`,
      '?limit=0',
      '?limit=101',
    ]) {
      const bad = await page(dev.token, query);
      expect(bad.status, query).toBe(400);
      expect(typeof bad.body.detail, query).toBe('string');
    }
    expect((await page(dev.token, '?limit=100')).status).toBe(200);
  });
});
