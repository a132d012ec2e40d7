/**
 * Issue 30, finding 1 (medium): what the admin approved changed without review. An approved app
 * renamed its publisher to a well-known vendor, swapped icon and screenshots to another host,
 * claimed "HIPAA certified, FDA approved", moved category and licence webhook: live at once, with
 * `review_flag` null. Now every field the public page shows, the licensing set-up and the data
 * access are material: the change is saved and flagged to admins with a before/after diff, and
 * the public page (the API, the listing, the server-rendered storefront page) keeps the reviewed
 * values until the admin marks the change reviewed. (Mark reviewed and withdraw:
 * test/integration/app-review.test.ts.)
 */

import type { AppCard, OwnerApp, PublicApp } from '@shared/schemas/apps';
import type { Category } from '@shared/schemas/categories';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAppRow, adminToken, api, apiUrl, approvedDeveloper, freeAppPayload } from '../support/api';
import { must } from '../support/must';

let dev: Awaited<ReturnType<typeof approvedDeveloper>>;
let admin: string;
let other: Category;
let marketing: Category;

beforeAll(async () => {
  [dev, admin] = await Promise.all([approvedDeveloper(), adminToken()]);
  const categories = await api<Category[]>('GET', '/api/categories');
  marketing = must(
    categories.body.find((c) => c.slug === 'marketing'),
    'the marketing category',
  );
  other = must(
    categories.body.find((c) => c.slug !== 'marketing'),
    'a second active category',
  );
});

const adminRow = (id: string) => adminAppRow(admin, id);

const ATTACK = {
  name: 'Dentsply Sirona Official',
  company_name: 'Dentsply Sirona',
  icon_url: 'https://evil.example/icon.png',
  metadata: { screenshots: ['https://evil.example/s1.png'] },
  key_features: ['HIPAA certified', 'FDA approved'],
  licensing_type: 'webhook',
  universal_access_code: undefined,
  webhook_license_url: 'https://evil.example/licences',
};

describe('an approved app cannot change what the public sees without review (issue 30, row 1)', () => {
  it('keeps the public page on the reviewed values and flags the change with a diff', async () => {
    const name = `Perio Notes ${Date.now()}`;
    const created = await api<OwnerApp>('POST', '/api/apps/submit', { token: dev.token, body: freeAppPayload(name) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, slug } = created.body;
    expect((await api('POST', `/api/admin/apps/${id}/approve`, { token: admin })).status).toBe(200);

    const edit = await api<OwnerApp>('PUT', `/api/apps/${id}/update`, {
      token: dev.token,
      body: freeAppPayload(ATTACK.name, { ...ATTACK, category: other.slug }),
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    // The owner's edit view holds what was saved.
    expect(edit.body).toMatchObject({ name: ATTACK.name, company_name: ATTACK.company_name });

    // The public API answers the reviewed values.
    const detail = await api<PublicApp>('GET', `/api/marketplace/apps/by-slug/${slug}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      name,
      company_name: 'Pictures Ltd',
      icon_url: 'https://cdn.example.com/icon.png',
      screenshots: [],
      key_features: ['Pictures', 'More pictures'],
      category_slug: 'marketing',
      licensing_type: 'universal_code',
    });
    // The listing and the category page too: the app stays listed under its reviewed name and category.
    const listed = await api<AppCard[]>('GET', `/api/marketplace/apps?q=${encodeURIComponent(name)}`);
    expect(listed.body.map((a) => [a.id, a.name, a.company_name])).toEqual([[id, name, 'Pictures Ltd']]);
    const renamed = await api<AppCard[]>('GET', `/api/marketplace/apps?q=${encodeURIComponent('Dentsply')}`);
    expect(renamed.body.map((a) => a.id)).not.toContain(id);
    const moved = await api<{ apps: AppCard[] }>('GET', `/api/marketplace/apps/category/${other.slug}`);
    expect(moved.body.apps.map((a) => a.id)).not.toContain(id);

    // The server-rendered page a visitor (or a link preview) gets.
    const html = await (
      await fetch(`${apiUrl()}/marketplace/app/${slug}`, { headers: { accept: 'text/html' } })
    ).text();
    expect(html).toContain(name);
    expect(html).not.toContain('Dentsply');
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('HIPAA certified');

    // The admin sees the flag with the before/after diff.
    const flag = must((await adminRow(id))?.review_flag, 'the review flag');
    expect(flag.fields).toEqual(
      expect.arrayContaining([
        'name',
        'category',
        'icon_url',
        'screenshots',
        'key_features',
        'company_name',
        'licensing_type',
        'universal_access_code',
        'webhook_license_url',
      ]),
    );
    const change = (field: string) => flag.changes.find((c) => c.field === field);
    expect(change('name')).toEqual({ field: 'name', before: name, after: ATTACK.name });
    expect(change('company_name')).toEqual({ field: 'company_name', before: 'Pictures Ltd', after: 'Dentsply Sirona' });
    expect(change('icon_url')).toEqual({
      field: 'icon_url',
      before: 'https://cdn.example.com/icon.png',
      after: 'https://evil.example/icon.png',
    });
    expect(change('screenshots')).toEqual({
      field: 'screenshots',
      before: null,
      after: ['https://evil.example/s1.png'],
    });
    expect(change('key_features')?.after).toEqual(['HIPAA certified', 'FDA approved']);
    expect(change('category')).toEqual({ field: 'category', before: marketing.name, after: other.name });
    expect(change('webhook_license_url')).toEqual({
      field: 'webhook_license_url',
      before: null,
      after: 'https://evil.example/…',
    });
    // The licence code is reviewed as changed, never shown.
    expect(JSON.stringify(flag.changes)).not.toContain('PICS');
  });
});
