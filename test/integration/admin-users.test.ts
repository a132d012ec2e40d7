/**
 * Admin User Management over HTTP: the user list and detail, approval by e-mail and by id (which
 * activates production keys and mails the developer), a developer's keys (prefix only) and webhook
 * logs, and the admin's key rotation (a revocation: the admin never sees a full key).
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { MSG } from '@shared/messages';
import { INVITATION_ACCEPTED, INVITATION_LINK_INVALID, type LoginResponse } from '@shared/schemas/accounts';
import {
  ADMIN_NO_APPROVAL,
  type AdminUser,
  type AdminUserDetail,
  INVITED_NO_APPROVAL,
  PRACTICE_NO_APPROVAL,
  USER_EMAIL_REQUIRED,
  type WebhookLog,
} from '@shared/schemas/admin-users';
import {
  type AdminRotatedKey,
  API_KEY_NOT_FOUND,
  type ApiKey,
  type ApiKeyWithSecret,
  NO_REPLACEMENT_WAITING,
} from '@shared/schemas/keys';
import { INVALID_API_KEY } from '@shared/schemas/partner';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { ADMIN_ROTATION_MAIL_SUBJECT, APPROVAL_MAIL_SUBJECT } from '../../functions/core/api-keys/api-key-mails';
import { NOT_INVITED } from '../../functions/core/users/invitations';
import { INVITATION_SUBJECT } from '../../functions/core/users/user-mails';
import { invitedAccount } from '../support/accounts';
import {
  adminToken,
  api,
  type JsonBody,
  mailsTo,
  mailsWithSubject,
  newDeveloper,
  newPractice,
  uniqueEmail,
} from '../support/api';
import { TEST_ADMIN } from '../support/constants';
import { must } from '../support/must';
import { queuesIdle } from '../support/queues';

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

const asAdmin = <T = JsonBody>(method: string, path: string, body?: unknown) =>
  api<T>(method, path, { token: admin, body });
const me = (key: string) => api('GET', '/v1/me', { headers: { 'x-api-key': key } });

/** The set-password links of the invitation mails to `email`, oldest first, once `count` have arrived. */
async function invitationLinks(email: string, count: number): Promise<string[]> {
  const mails = await mailsWithSubject(email, INVITATION_SUBJECT, count);
  return mails.map((m) =>
    decodeURIComponent(must(/accept-invitation\?token=([\w%-]+)/.exec(m.text ?? '')?.[1], 'the set-password link')),
  );
}

describe('GET /api/admin/users', () => {
  it('lists every account with the admin view fields, admins included with role admin', async () => {
    const dev = await newDeveloper({ company_name: 'Smile Labs' });
    const res = await asAdmin<AdminUser[]>('GET', '/api/admin/users');
    expect(res.status).toBe(200);
    const mine = must(
      res.body.find((u) => u.id === dev.id),
      'the new developer',
    );
    expect(mine).toEqual({
      id: dev.id,
      full_name: 'Test Developer',
      email: dev.email,
      company: 'Smile Labs',
      role: 'developer',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      is_approved: false,
      status: 'pending',
    });
    // The unpaged list is the newest 100 (Link to the next); the admins are found by their role.
    const admins = await asAdmin<AdminUser[]>('GET', '/api/admin/users?role=admin');
    const adminRow = admins.body.find((u) => u.email === TEST_ADMIN.email);
    expect(adminRow).toMatchObject({ role: 'admin' });
    for (const u of res.body) expect(Object.keys(u).sort()).toEqual(Object.keys(mine).sort());
    expect(JSON.stringify(res.body)).not.toContain('password');
  });
});

describe('GET /api/admin/users/{id}', () => {
  it("reads one account, or 404 'User not found.'", async () => {
    const dev = await newDeveloper({ website: 'https://smile.example.com' });
    const res = await asAdmin('GET', `/api/admin/users/${dev.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: dev.id, email: dev.email, role: 'developer', is_approved: false });
    expect(res.body.website).toBe('https://smile.example.com');
    for (const path of ['', '/keys', '/logs']) {
      const missing = await asAdmin('GET', `/api/admin/users/${randomUUID()}${path}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: MSG.userNotFound });
    }
  });
});

describe('approval', () => {
  it('refuses unknown addresses (404), admins (400) and a missing address (400)', async () => {
    const unknown = await asAdmin('POST', '/api/approve-user', { email: uniqueEmail('nobody') });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: MSG.userNotFound });
    const adminApproval = await asAdmin('POST', '/api/approve-user', { email: TEST_ADMIN.email });
    expect(adminApproval.status).toBe(400);
    expect(adminApproval.body).toEqual({ detail: ADMIN_NO_APPROVAL });
    const missing = await asAdmin('POST', '/api/approve-user', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: USER_EMAIL_REQUIRED });
  });

  it('approve-production by id activates production keys and mails the developer once', async () => {
    const dev = await newDeveloper();
    const prod = await api<ApiKeyWithSecret>('POST', '/api/keys', { token: dev.token, body: { type: 'production' } });
    const staging = await api<ApiKeyWithSecret>('POST', '/api/keys', { token: dev.token, body: { type: 'staging' } });
    expect(prod.body.is_active).toBe(false);

    const res = await asAdmin('POST', `/api/admin/users/${dev.id}/approve-production`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.userApprovedForProduction });
    expect((await asAdmin('GET', `/api/admin/users/${dev.id}`)).body.is_approved).toBe(true);

    const keys = await asAdmin<ApiKey[]>('GET', `/api/admin/users/${dev.id}/keys`);
    expect(keys.status).toBe(200);
    expect(keys.body.map((k) => k.id).sort()).toEqual([prod.body.id, staging.body.id].sort());
    for (const k of keys.body) {
      expect(k.is_active).toBe(true);
      expect(k.key).toHaveLength(20);
    }
    const text = JSON.stringify(keys.body);
    expect(text).not.toContain(prod.body.key);
    expect(text).not.toContain(staging.body.key);
    expect((await me(prod.body.key)).status).toBe(200);

    const mails = await mailsWithSubject(dev.email, APPROVAL_MAIL_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(must(mails[0]).text).toContain('/dashboard/api-keys');
    expect((await asAdmin('POST', `/api/admin/users/${dev.id}/approve-production`)).status).toBe(200);
    await queuesIdle();
    expect((await mailsTo(dev.email)).filter((m) => m.subject === APPROVAL_MAIL_SUBJECT)).toHaveLength(1);
    expect((await asAdmin('POST', `/api/admin/users/${randomUUID()}/approve-production`)).status).toBe(404);
  });
});

describe('approval of accounts that need none', () => {
  /** Both approvals (developer, production) refuse `account` with `status` and `detail`, and change nothing of it. */
  async function expectApprovalRefused(
    account: { id: string; email: string },
    shown: Partial<AdminUserDetail>,
    status: number,
    detail: string,
  ) {
    const before = await asAdmin<AdminUserDetail>('GET', `/api/admin/users/${account.id}`);
    expect(before.body).toMatchObject(shown);
    for (const refused of [
      await asAdmin('POST', '/api/approve-user', { email: account.email }),
      await asAdmin('POST', `/api/admin/users/${account.id}/approve-production`),
    ]) {
      expect(refused.status).toBe(status);
      expect(refused.body).toEqual({ detail });
    }
    expect((await asAdmin<AdminUserDetail>('GET', `/api/admin/users/${account.id}`)).body).toEqual(before.body);
  }

  it('refuses an invited account (409 with the detail): it stays invited and gets no "approved" mail', async () => {
    const invited = await invitedAccount();
    await expectApprovalRefused(invited, { status: 'invited', is_approved: false }, 409, INVITED_NO_APPROVAL);
    // The re-send the detail suggests works; once its mail is here, nothing else is on its way.
    expect((await asAdmin('POST', `/api/admin/users/${invited.id}/resend-invitation`)).status).toBe(200);
    await invitationLinks(invited.email, 1);
    expect((await mailsTo(invited.email)).map((m) => m.subject)).toEqual([INVITATION_SUBJECT]);
  });

  it('refuses a practice (400 with the detail): it stays as it was and gets no "approved" mail', async () => {
    const practice = await newPractice();
    await expectApprovalRefused(practice, { role: 'practice', status: 'approved' }, 400, PRACTICE_NO_APPROVAL);
    await queuesIdle();
    expect((await mailsTo(practice.email)).filter((m) => m.subject === APPROVAL_MAIL_SUBJECT)).toEqual([]);
  });
});

describe('POST /api/admin/users/{id}/resend-invitation', () => {
  it('mails a second, different link; either sets the password once, then both are spent', async () => {
    const invited = await invitedAccount();
    expect((await asAdmin('POST', `/api/admin/users/${invited.id}/resend-invitation`)).status).toBe(200);
    const [first] = await invitationLinks(invited.email, 1);
    expect((await asAdmin('POST', `/api/admin/users/${invited.id}/resend-invitation`)).status).toBe(200);
    const links = await invitationLinks(invited.email, 2);
    expect(links).toHaveLength(2);
    expect(links[0]).toBe(first);
    expect(links[1]).not.toBe(first);

    // The first mail may be the one the developer opens: its link still sets the password.
    const accepted = await api('POST', '/api/accept-invitation', {
      body: { token: must(first), password: 'legacy-secret1' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toEqual({ message: INVITATION_ACCEPTED });
    const login = await api<LoginResponse>('POST', '/api/login', {
      body: { email: invited.email, password: 'legacy-secret1' },
    });
    expect(login.status).toBe(200);
    // The newer link cannot set the password again behind the developer's back.
    const late = await api('POST', '/api/accept-invitation', { body: { token: links[1], password: 'someone-else1' } });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ detail: INVITATION_LINK_INVALID });
    const stillMine = await api('POST', '/api/login', { body: { email: invited.email, password: 'legacy-secret1' } });
    expect(stillMine.status).toBe(200);

    // The account is no longer invited: no more invitations, and it now awaits approval.
    const again = await asAdmin('POST', `/api/admin/users/${invited.id}/resend-invitation`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: NOT_INVITED });
    expect((await asAdmin<AdminUserDetail>('GET', `/api/admin/users/${invited.id}`)).body).toMatchObject({
      status: 'pending',
    });
  });
});

describe('GET /api/admin/users/{id}/logs', () => {
  it("returns the webhook logs of the developer's apps, newest first ([] when none)", async () => {
    const dev = await newDeveloper();
    expect((await asAdmin('GET', `/api/admin/users/${dev.id}/logs`)).body).toEqual([]);

    const appId = `app-${randomUUID()}`;
    const db = documentClient();
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          PK: `APP#${appId}`,
          SK: 'APP',
          GSI1PK: `OWNER#${dev.id}`,
          GSI1SK: `APP#2025-01-01T00:00:00.000Z#${appId}`,
          entity: 'APP',
          id: appId,
          user_id: dev.id,
          name: 'Logged App',
          type: 'partner',
        },
      }),
    );
    const logs = [
      { id: randomUUID(), at: '2025-02-01T10:00:00.000Z', status: 200 },
      { id: randomUUID(), at: '2025-02-01T11:00:00.000Z', status: 500 },
    ];
    for (const log of logs) {
      await db.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            PK: `WEBHOOKLOG#${log.id}`,
            SK: 'WEBHOOKLOG',
            GSI1PK: `APPLOGS#${appId}`,
            GSI1SK: `${log.at}#${log.id}`,
            id: log.id,
            app_id: appId,
            event_type: 'license.purchased',
            target_url: 'https://hooks.example.com/dental',
            status_code: log.status,
            response: 'ok',
            created_at: log.at,
            response_time_ms: 42,
            retry_count: 0,
            delivery_id: `msg_${log.id}`,
          },
        }),
      );
    }
    const res = await asAdmin<WebhookLog[]>('GET', `/api/admin/users/${dev.id}/logs`);
    expect(res.status).toBe(200);
    const [older, newer] = [must(logs[0]), must(logs[1])];
    expect(res.body.map((l) => l.id)).toEqual([newer.id, older.id]);
    expect(res.body[0]).toEqual({
      id: newer.id,
      app_id: appId,
      event_type: 'license.purchased',
      target_url: 'https://hooks.example.com/dental',
      status_code: 500,
      response: 'ok',
      timestamp: '2025-02-01T11:00:00.000Z',
      response_time_ms: 42,
      retry_count: 0,
      delivery_id: `msg_${newer.id}`,
    });
  });
  it("merges the developer's apps newest first, reading an app further than its first page while it stays among the newest", async () => {
    const dev = await newDeveloper();
    const db = documentClient();
    const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: tableName(), Item }));
    const appIds = [`app-${randomUUID()}`, `app-${randomUUID()}`];
    await Promise.all(
      appIds.map((id) =>
        put({
          PK: `APP#${id}`,
          SK: 'APP',
          id,
          GSI1PK: `OWNER#${dev.id}`,
          GSI1SK: `APP#2025-01-01T00:00:00.000Z#${id}`,
        }).then(() => undefined),
      ),
    );
    // App 0 holds the 13 newest deliveries (past its first page of 10), app 1 the 3 older ones and one in between.
    const minutes = [...Array(13).keys()].map((m) => ({ app: 0, m: m + 20 }));
    minutes.push({ app: 1, m: 1 }, { app: 1, m: 2 }, { app: 1, m: 3 }, { app: 1, m: 25 });
    const logs = minutes.map(({ app, m }) => ({
      id: randomUUID(),
      app_id: must(appIds[app]),
      at: `2025-03-01T10:${String(m).padStart(2, '0')}:00.000Z`,
    }));
    await Promise.all(
      logs.map((l) =>
        put({
          PK: `WEBHOOKLOG#${l.id}`,
          SK: 'WEBHOOKLOG',
          GSI1PK: `APPLOGS#${l.app_id}`,
          GSI1SK: `${l.at}#${l.id}`,
          id: l.id,
          app_id: l.app_id,
          event_type: 'license.purchased',
          target_url: 'https://hooks.example.com/dental',
          status_code: 200,
          response: 'ok',
          created_at: l.at,
          response_time_ms: 1,
          retry_count: 0,
        }),
      ),
    );
    const res = await asAdmin<WebhookLog[]>('GET', `/api/admin/users/${dev.id}/logs`);
    expect(res.status).toBe(200);
    const newestFirst = [...logs].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : -1));
    expect(res.body.map((l) => l.timestamp)).toEqual(newestFirst.map((l) => l.at));
    expect(new Set(res.body.map((l) => l.id))).toEqual(new Set(logs.map((l) => l.id)));
  });
});

describe('POST /api/admin/keys/{id}/rotate', () => {
  it('revokes the key at once, shows the admin only the new prefix and hands the owner a working replacement once', async () => {
    const dev = await newDeveloper();
    const created = await api<ApiKeyWithSecret>('POST', '/api/keys', { token: dev.token, body: { type: 'staging' } });
    expect((await me(created.body.key)).status).toBe(200);

    const res = await asAdmin<AdminRotatedKey>('POST', `/api/admin/keys/${created.body.id}/rotate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.body.id, type: 'staging', message: MSG.keyRotated });
    expect(res.body.key).toMatch(/^dk_[0-9A-Za-z]{4}_test_[0-9A-Za-z]{7}$/);
    expect(res.body.key).not.toBe(created.body.prefix);

    const old = await me(created.body.key);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ detail: INVALID_API_KEY });

    // The owner is e-mailed (no secret), finds the replacement in API Keys and reveals it once.
    const list = await api('GET', '/api/keys', { token: dev.token });
    expect(list.body[0]).toMatchObject({ key: res.body.key, replacement_ready: true });
    const mails = await mailsWithSubject(dev.email, ADMIN_ROTATION_MAIL_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(must(mails[0]).text).toContain(created.body.prefix);
    expect(must(mails[0]).text).not.toMatch(/(test|live)_[0-9A-Za-z]{40}/);

    const other = await newDeveloper();
    expect((await api('POST', `/api/keys/${created.body.id}/reveal`, { token: other.token })).status).toBe(404);
    const [first, second] = await Promise.all([
      api<ApiKeyWithSecret>('POST', `/api/keys/${created.body.id}/reveal`, { token: dev.token }),
      api<ApiKeyWithSecret>('POST', `/api/keys/${created.body.id}/reveal`, { token: dev.token }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const revealed = first.status === 200 ? first : second;
    expect(revealed.body.key.startsWith(res.body.key)).toBe(true);
    expect(revealed.body.replacement_ready).toBe(false);
    expect((await me(revealed.body.key)).status).toBe(200);
    expect(JSON.stringify([res.body, list.body, mails])).not.toContain(revealed.body.key);
    const again = await api('POST', `/api/keys/${created.body.id}/reveal`, { token: dev.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: NO_REPLACEMENT_WAITING });

    const missing = await asAdmin('POST', `/api/admin/keys/${randomUUID()}/rotate`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: API_KEY_NOT_FOUND });
  });
});
