/**
 * Small HTTP helpers for integration tests: they call the local server exactly as a browser or
 * an SDK would.
 */
import { randomUUID } from 'node:crypto';
import type { LoginResponse, UserProfile } from '@shared/schemas/accounts';
import type { AdminAppCursorPage } from '@shared/schemas/admin-lists';
import type { AdminApp, OwnerApp } from '@shared/schemas/apps';
import type { AuditEntry, AuditPage } from '@shared/schemas/audit';
import { expect, inject, vi } from 'vitest';
import { BACKGROUND_WAIT_MS, TEST_ADMIN } from './constants';
import { queuesIdle } from './queues';

export const apiUrl = () => inject('apiUrl');

/**
 * A JSON answer as an assertion reads it: any field may be asked for, and each is `unknown` until
 * the test names the shape it relies on with `api<Shape>(...)` (shared/schemas has the product's
 * answer types). Non-JSON answers keep their text, empty ones are `undefined`.
 */
export type JsonBody = { readonly [field: string]: unknown };

/** What a sign-in route answers: the token on success, a `detail` when refused. */
export type LoginAnswer = Partial<LoginResponse> & { detail?: string };

/** A route's success body; a refused call answers only a `detail` (tests read both from one call site). */
export type WithDetail<T> = T & { detail?: string };

export interface ApiAnswer<T = JsonBody> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = JsonBody>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: BodyInit } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${apiUrl()}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/**
 * Sends once more after a 503, which says "try again in a few seconds" (a slow moment of DynamoDB
 * Local past the SDK's timeout on a loaded machine): as a client does, once, after `waitMs` or the
 * answer's Retry-After.
 */
export async function againAfter503<T>(send: () => Promise<ApiAnswer<T>>, waitMs?: number): Promise<ApiAnswer<T>> {
  const first = await send();
  if (first.status !== 503) return first;
  await new Promise((r) => setTimeout(r, waitMs ?? Number(first.headers.get('retry-after') ?? 1) * 1000));
  return send();
}

/**
 * Waits until the public marketplace lists `app`, written straight through the repositories as
 * another Lambda would: the server learns of such a change within CATALOGUE_VERSION_MAX_AGE_MS
 * (1 s; catalogue-freshness.test.ts holds it to that bound). Once it shows, the server reads the
 * catalogue at a version that includes every write made before it, so a later check that some
 * other app written earlier is NOT listed means something. Changes made through the API show at once.
 */
export async function catalogueShows(app: { id: string; name: string }, timeoutMs = 5_000): Promise<void> {
  // vi.waitFor, not expect.poll: beforeAll hooks call it too.
  await vi.waitFor(
    async () => {
      const listed = await api<Array<{ id: string }>>('GET', `/api/marketplace/apps?q=${encodeURIComponent(app.name)}`);
      if (!listed.body.some((a) => a.id === app.id)) {
        throw new Error(`the marketplace did not list ${app.name} (written elsewhere) within ${timeoutMs} ms`);
      }
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

export const uniqueEmail = (prefix = 'dev') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** What the sign-up form sends. */
export interface Registration {
  full_name: string;
  email: string;
  password: string;
  company_name: string;
}

/** Registers an account as the sign-up form does (its address not verified yet); anything but 201 fails the test. */
export async function register(account: Registration): Promise<void> {
  const res = await api('POST', '/api/register', { body: account });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** Follows the verification link mailed to `email` at sign-up, as the developer would. */
export async function verifyEmailOf(email: string): Promise<void> {
  const token = await vi.waitFor(
    async () => {
      const found = (await mailsTo(email))
        .map((m) => /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(m.text ?? '')?.[1])
        .find(Boolean);
      if (!found) throw new Error(`no verification mail for ${email} within ${BACKGROUND_WAIT_MS / 1000} s`);
      return found;
    },
    { timeout: BACKGROUND_WAIT_MS, interval: 100 },
  );
  const res = await api('POST', '/api/verify-email', { body: { token } });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * Registers a fresh developer, follows the verification link (unless `verified: false`) and signs
 * in; returns its token and e-mail.
 */
export async function newDeveloper(overrides: Record<string, unknown> = {}, opts: { verified?: boolean } = {}) {
  const email = typeof overrides.email === 'string' ? overrides.email : uniqueEmail();
  const password = 'secret123';
  const reg = await api('POST', '/api/register', {
    body: { full_name: 'Test Developer', email, password, company_name: 'Test Dental Co', ...overrides },
  });
  if (reg.status >= 300) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  if (opts.verified !== false) await verifyEmailOf(email);
  // A set-up step, not the behaviour under test.
  const login = await againAfter503(
    () => api<LoginResponse>('POST', '/api/login', { body: { email, password } }),
    2000,
  );
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const profile = await api<UserProfile | undefined>('GET', '/api/user/profile', { token: login.body.access_token });
  return { email, password, token: login.body.access_token, id: profile.body?.id as string };
}

/**
 * Registers a fresh practice (account_type "practice"), follows its verification link (unless
 * `verified: false`) and signs in; returns its token, e-mail, password and id.
 */
export async function newPractice(overrides: Record<string, unknown> = {}, opts: { verified?: boolean } = {}) {
  return newDeveloper(
    { full_name: 'Front Desk', company_name: 'Test Family Dental', account_type: 'practice', ...overrides },
    opts,
  );
}

/** A developer newDeveloper registered: its id, e-mail, token and what else it returns. */
export type Developer = Awaited<ReturnType<typeof newDeveloper>>;

export async function adminToken(): Promise<string> {
  const res = await api<LoginResponse>('POST', '/api/admin-login', { body: TEST_ADMIN });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token;
}

/**
 * An app's App Management row (GET /api/admin/apps pages with cursors; the plain array stops at the
 * first 100 apps), or undefined when no page has it.
 */
export async function adminAppRow(token: string, id: string): Promise<AdminApp | undefined> {
  let cursor: string | null = null;
  do {
    const query: string = `/api/admin/apps?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api<AdminAppCursorPage>('GET', query, { token });
    if (res.status !== 200) throw new Error(`admin apps: ${res.status} ${JSON.stringify(res.body)}`);
    const row = res.body.items.find((a) => a.id === id);
    if (row) return row;
    cursor = res.body.next_cursor;
  } while (cursor);
  return undefined;
}

/** Mails captured by the local SES emulator, newest last. */
export async function mailsTo(
  address: string,
): Promise<Array<{ subject: string; text?: string; html?: string; to: string[] }>> {
  const res = await fetch(`${inject('mailViewerUrl')}/store`);
  const text = await res.text();
  const store = JSON.parse(text) as {
    emails?: Array<{ subject: string; body?: { text?: string; html?: string }; destination: { to: string[] } }>;
  };
  if (!Array.isArray(store.emails)) throw new Error(`the mail viewer answered ${res.status}: ${text.slice(0, 300)}`);
  return store.emails
    .filter((m) => m.destination.to.some((t) => t.toLowerCase().includes(address.toLowerCase())))
    .map((m) => ({ subject: m.subject, text: m.body?.text, html: m.body?.html, to: m.destination.to }));
}

/**
 * The mails to `email` with exactly this subject, once at least `atLeast` of them have arrived
 * (within BACKGROUND_WAIT_MS, else the test fails saying what did arrive) and the server's queues are idle, so
 * that counting them is final: a late second mail would be among them.
 */
export async function mailsWithSubject(email: string, subject: string, atLeast = 1) {
  await vi.waitFor(
    async () => {
      const all = await mailsTo(email);
      if (all.filter((m) => m.subject === subject).length < atLeast) {
        const subjects = JSON.stringify(all.map((m) => m.subject));
        throw new Error(
          `fewer than ${atLeast} mail(s) "${subject}" to ${email} within ${BACKGROUND_WAIT_MS / 1000} s; it got ${subjects}`,
        );
      }
    },
    { timeout: BACKGROUND_WAIT_MS, interval: 100 },
  );
  await queuesIdle();
  return (await mailsTo(email)).filter((m) => m.subject === subject);
}

/** A fresh developer approved by the admin (webhooks and production keys need approval). */
export async function approvedDeveloper(overrides: Record<string, unknown> = {}) {
  const dev = await newDeveloper(overrides);
  const res = await api('POST', '/api/approve-user', { token: await adminToken(), body: { email: dev.email } });
  if (res.status !== 200) throw new Error(`approve failed: ${res.status} ${JSON.stringify(res.body)}`);
  return dev;
}

/** POST /api/apps/submit body of a free universal-code app in the marketing category; `over` changes any field. */
export function freeAppPayload(name: string, over: Record<string, unknown> = {}) {
  return {
    name,
    tagline: 'Images for everyone',
    short_description: 'An app with pictures.',
    category: 'marketing',
    tags: 'images',
    website_url: 'https://pictures.example.com',
    icon_url: 'https://cdn.example.com/icon.png',
    key_features: ['Pictures', 'More pictures'],
    pricing_model: 'free',
    price: 0,
    company_name: 'Pictures Ltd',
    licensing_type: 'universal_code',
    universal_access_code: 'PICS',
    metadata: { screenshots: [] },
    ...over,
  };
}

/** The audit trail's entries that `query` selects (GET /api/admin/audit, newest first), read by the test admin. */
export async function auditEntries(query: Record<string, string | number>): Promise<AuditEntry[]> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await api<AuditPage>('GET', `/api/admin/audit?${search}`, { token: await adminToken() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entries;
}

/** A free app (freeAppPayload named `<label> <time>`) that the developer whose token this is submitted for review: as stored. */
export async function submittedFreeApp(token: string, label: string, over: Record<string, unknown> = {}) {
  const res = await api<OwnerApp>('POST', '/api/apps/submit', {
    token,
    body: freeAppPayload(`${label} ${Date.now()}`, over),
  });
  if (res.status !== 201) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A new internal app, named `<prefix> <random>`, of the developer whose token this is (POST /api/apps): its id. */
export async function newInternalApp(token: string, prefix = 'Internal'): Promise<string> {
  const name = `${prefix} ${randomUUID().slice(0, 8)}`;
  const res = await api('POST', '/api/apps', { token, body: { name, type: 'internal' } });
  if (res.status !== 201) throw new Error(`app create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}
