import { MSG } from '@shared/messages';
import { SECRET_FORMAT } from '@shared/schemas/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { developerAppsHandlers, ownAppFixture } from '@/testing/handlers/developer-apps';
import { fillIn, renderRoute } from '@/testing/render-route';
import { answering, calls, fail, failing, type Handlers, HttpResponse, http, serve } from '@/testing/server';

const apps = () => [
  ownAppFixture({ id: 'pub-pending', name: 'Smile Scheduler', type: 'public', is_approved: false }),
  ownAppFixture({ id: 'pub-live', name: 'Xray Vision', slug: 'xray-vision', type: 'public', is_approved: true }),
  ownAppFixture({ id: 'int-1', name: 'Front Desk Sync', type: 'internal', is_approved: true }),
];

const purchases = [
  {
    id: 'p1',
    app: { id: 'a9', name: 'Perio Charting', slug: 'perio-charting', icon_url: null },
    amount: 49,
    currency: 'usd',
    created_at: '2025-03-01T10:00:00.000Z',
    license_status: 'assigned',
    assigned_license_key: 'PERIO-KEY-123',
  },
];

async function open(opts: Parameters<typeof developerAppsHandlers>[0] = { apps: apps() }, extra: Handlers = []) {
  const fake = developerAppsHandlers(opts);
  // The Analytics dialog's installs: none unless a test serves them.
  const noInstalls = answering('GET /api/apps/:id/installs', { items: [], next_cursor: null });
  serve(accountsHandlers(), fake.handlers, noInstalls, extra);
  const view = renderRoute('/dashboard/apps', { role: 'developer' });
  await screen.findByRole('heading', { name: 'My Apps' });
  return { ...view, db: fake.db };
}

const row = (id: string) => within(screen.getByTestId(`app-row-${id}`));

afterEach(() => toaster.remove());

describe('My Apps (/dashboard/apps)', () => {
  it("shows a suspended app as Suspended with the admin's reason, not 'In review'", async () => {
    const suspended = {
      ...ownAppFixture({ id: 'pub-susp', name: 'Perio Pal', type: 'public', is_approved: false }),
      is_suspended: true,
      status: 'Suspended',
      suspension_reason: 'Broken support link',
    };
    await open({ apps: [suspended] as ReturnType<typeof apps> });
    await screen.findByTestId('app-row-pub-susp');
    expect(row('pub-susp').getByText('Suspended')).toBeTruthy();
    expect(row('pub-susp').getByText('Suspended by an administrator: Broken support link')).toBeTruthy();
    expect(row('pub-susp').queryByText(/In review/)).toBeNull();
  });

  it('shows the changes of an approved app that wait for review, and withdraws them', async () => {
    const edited = {
      ...ownAppFixture({ id: 'pub-edit', name: 'Perio Pal', type: 'public', is_approved: true }),
      status: 'Published',
      review_pending: ['name', 'icon_url'],
    };
    const { user, db } = await open({ apps: [edited] as ReturnType<typeof apps> }, [
      http.post<{ id: string }>('/api/apps/:id/withdraw-changes', ({ params }) => {
        const app = db.find((a) => a.id === params.id) as { review_pending?: string[] } | undefined;
        if (app) app.review_pending = [];
        return HttpResponse.json(app);
      }),
    ]);
    const notice = within(await screen.findByTestId('changes-in-review'));
    expect(notice.getByRole('status').textContent).toContain('Changes waiting for review (name, icon_url)');
    await user.click(notice.getByRole('button', { name: 'Withdraw changes' }));
    expect(calls('POST /api/apps/pub-edit/withdraw-changes')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('changes-in-review')).toBeNull());
  });

  it('shows both tabs with their counts, and the two create buttons', async () => {
    await open({ apps: apps(), purchases });
    expect(await screen.findByRole('tab', { name: 'Apps I Created (3)' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Apps I Purchased (1)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Quick Create/ }).getAttribute('href')).toBe(
      '/dashboard/submit-app?mode=simple',
    );
    expect(screen.getByRole('link', { name: /Submit to Marketplace/ }).getAttribute('href')).toBe(
      '/dashboard/submit-app',
    );
  });

  it('shows each app with its status, edit links by type, the marketplace link and the public tools', async () => {
    await open();
    await screen.findByText('Smile Scheduler');
    expect(row('pub-pending').getByText('Pending Review')).toBeTruthy();
    expect(row('pub-live').getByText('Published')).toBeTruthy();
    expect(row('int-1').getByText('Active')).toBeTruthy();

    expect(row('pub-pending').getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe(
      '/dashboard/submit-app?mode=edit&appId=pub-pending',
    );
    expect(row('int-1').getByRole('link', { name: /Edit/ }).getAttribute('href')).toBe(
      '/dashboard/submit-app?mode=edit&appId=int-1&simple=true',
    );
    expect(
      row('pub-live')
        .getByRole('link', { name: /View on marketplace/ })
        .getAttribute('href'),
    ).toBe('/marketplace/app/xray-vision');
    expect(row('pub-pending').queryByRole('link', { name: /View on marketplace/ })).toBeNull();

    for (const tool of ['Analytics', 'Webhooks', 'Test Event', 'Webhook Logs'])
      expect(row('pub-pending').getByRole('button', { name: new RegExp(tool) })).toBeTruthy();
    expect(row('int-1').queryByRole('button', { name: /Analytics/ })).toBeNull();
  });

  it('deletes an app after the confirmation and says so; Cancel keeps it', async () => {
    const { user, db } = await open();
    await screen.findByText('Front Desk Sync');
    await user.click(row('int-1').getByRole('button', { name: /Delete/ }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText(MSG.confirmDeleteApp)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE /api/apps/int-1')).toHaveLength(0);

    await user.click(row('int-1').getByRole('button', { name: /Delete/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.appDeleted)).toBeTruthy();
    expect(db.map((a) => a.id)).not.toContain('int-1');
    await waitFor(() => expect(screen.queryByTestId('app-row-int-1')).toBeNull());
    expect(screen.getByRole('tab', { name: 'Apps I Created (2)' })).toBeTruthy();
  });

  it('shows the server detail or the fallback when deleting fails', async () => {
    const { user } = await open({ apps: apps() }, failing('DELETE /api/apps/:id', 500));
    await screen.findByText('Front Desk Sync');
    await user.click(row('int-1').getByRole('button', { name: /Delete/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.failedDeleteApp)).toBeTruthy();
    expect(screen.getByTestId('app-row-int-1')).toBeTruthy();
  });

  it('lists purchased licences with their copyable key', async () => {
    const { user } = await open({ apps: apps(), purchases });
    await user.click(await screen.findByRole('tab', { name: /Apps I Purchased/ }));
    const purchase = within(await screen.findByTestId('purchase-p1'));
    expect(purchase.getByText('PERIO-KEY-123')).toBeTruthy();
    expect(purchase.getByRole('button', { name: /Copy licence key/ })).toBeTruthy();
  });

  it('reads a failing purchases call as no purchases', async () => {
    const { user } = await open({ apps: apps(), purchases: null }, [
      failing('GET /api/stripe/my-purchases', 500, 'Database unavailable'),
    ]);
    await user.click(await screen.findByRole('tab', { name: 'Apps I Purchased (0)' }));
    expect(await screen.findByText(MSG.noLicenses)).toBeTruthy();
  });

  it('opens the tools as dialogs that say when their API is not available yet', async () => {
    const notBuilt = () => fail(501, 'Not implemented');
    const { user } = await open({ apps: apps() }, [
      http.get('/api/apps/:id/analytics', notBuilt),
      http.get('/api/apps/:id/webhook-logs', notBuilt),
    ]);
    await screen.findByText('Smile Scheduler');
    await user.click(row('pub-pending').getByRole('button', { name: /Analytics/ }));
    const analytics = within(await screen.findByRole('dialog', { name: 'Analytics' }));
    expect(await analytics.findByText('Not available yet')).toBeTruthy();
    await user.click(analytics.getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(row('pub-pending').getByRole('button', { name: /Webhook Logs/ }));
    const logs = within(await screen.findByRole('dialog', { name: 'Webhook Logs' }));
    expect(await logs.findByText('Not available yet')).toBeTruthy();
  });

  it('shows analytics when the API answers', async () => {
    const { user } = await open(
      { apps: apps() },
      http.get('/api/apps/:id/analytics', () =>
        HttpResponse.json({
          total_sales: 3,
          total_revenue: 147,
          customers: [{ id: 'c1', name: 'Dr. Lee', email: 'lee@example.com', purchase_count: 2 }],
          recent_purchases: [],
        }),
      ),
    );
    await screen.findByText('Xray Vision');
    await user.click(row('pub-live').getByRole('button', { name: /Analytics/ }));
    const analytics = within(await screen.findByRole('dialog', { name: 'Analytics' }));
    expect(await analytics.findByText('$147.00')).toBeTruthy();
    expect(analytics.getByText('Dr. Lee')).toBeTruthy();
  });

  it('lists the customers of older sales with Load more (X-Next-Cursor), one row per customer', async () => {
    const lee = { id: 'c1', name: 'Dr. Lee', email: 'lee@example.com', purchase_count: 1 };
    const { user } = await open(
      { apps: apps() },
      http.get('/api/apps/:id/analytics', ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 's2'
          ? HttpResponse.json({
              total_sales: 3,
              total_revenue: 147,
              customers: [lee, { id: 'c2', name: 'Dr. Kim', email: 'kim@example.com', purchase_count: 1 }],
              recent_purchases: [],
            })
          : HttpResponse.json(
              { total_sales: 3, total_revenue: 147, customers: [lee], recent_purchases: [] },
              { headers: { 'X-Next-Cursor': 's2' } },
            ),
      ),
    );
    await screen.findByText('Xray Vision');
    await user.click(row('pub-live').getByRole('button', { name: /Analytics/ }));
    const analytics = within(await screen.findByRole('dialog', { name: 'Analytics' }));
    expect(await analytics.findByText('Dr. Lee')).toBeTruthy();
    await user.click(analytics.getByRole('button', { name: 'Load more customers' }));
    expect(await analytics.findByText('Dr. Kim')).toBeTruthy();
    // Dr. Lee bought on both pages: one row, both purchases counted.
    expect(analytics.getAllByText('Dr. Lee')).toHaveLength(1);
    const leeRow = analytics.getByText('Dr. Lee').closest('tr');
    expect(leeRow?.textContent).toContain('2');
    await waitFor(() => expect(analytics.queryByRole('button', { name: 'Load more customers' })).toBeNull());
  });

  it("lists the practices' installs of the app with what each granted, a page at a time", async () => {
    const install = (id: string, email: string, status: 'active' | 'revoked') => ({
      id,
      app_id: 'pub-live',
      status,
      granted: { event_types: ['appointment.created'], features: [{ id: 'scheduling', access: 'read' }] },
      declaration_version: null,
      installed_at: '2025-03-01T10:00:00.000Z',
      revoked_at: status === 'revoked' ? '2025-03-02T10:00:00.000Z' : null,
      practice_id: `prac_${id}`,
      customer_email: email,
    });
    const { user } = await open({ apps: apps() }, [
      http.get('/api/apps/:id/analytics', () =>
        HttpResponse.json({ total_sales: 0, total_revenue: 0, customers: [], recent_purchases: [] }),
      ),
      http.get('/api/apps/:id/installs', ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'c2'
          ? HttpResponse.json({ items: [install('i2', 'two@practice.example', 'revoked')], next_cursor: null })
          : HttpResponse.json({ items: [install('i1', 'one@practice.example', 'active')], next_cursor: 'c2' }),
      ),
    ]);
    await screen.findByText('Xray Vision');
    await user.click(row('pub-live').getByRole('button', { name: /Analytics/ }));
    const analytics = within(await screen.findByRole('dialog', { name: 'Analytics' }));
    expect(await analytics.findByText('one@practice.example')).toBeTruthy();
    expect(analytics.getByText('appointment.created, scheduling (read)')).toBeTruthy();
    await user.click(analytics.getByRole('button', { name: 'Load more installs' }));
    expect(await analytics.findByText('two@practice.example')).toBeTruthy();
    expect(analytics.getByText('Revoked')).toBeTruthy();
    await waitFor(() => expect(analytics.queryByRole('button', { name: 'Load more installs' })).toBeNull());
  });
  it('adds a webhook: event type and target URL required, an own secret of 24 characters or more, then its secret shown once', async () => {
    const webhooks = [
      answering('GET /api/apps/:id/webhooks', []),
      answering('GET /api/event-types', ['appointment.created']),
      http.post('/api/apps/:id/webhooks', () =>
        HttpResponse.json({
          id: 'wh-1',
          app_id: 'pub-live',
          event_type: 'appointment.created',
          target_url: 'https://vendor.example/hooks',
          secret: 'whsec_generatedsecretgeneratedsecret',
          is_active: true,
          created_at: '2025-03-01T10:00:00.000Z',
        }),
      ),
    ];
    const { user } = await open({ apps: apps() }, webhooks);
    await user.click(
      await within(await screen.findByTestId('app-row-pub-live')).findByRole('button', { name: /^Webhooks/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: /Webhooks/ }));
    const add = () => user.click(dialog.getByRole('button', { name: /Add Webhook/ }));

    await add();
    expect((await dialog.findByRole('alert')).textContent).toBe(MSG.fillAllWebhookFields);

    await user.selectOptions(await dialog.findByRole('combobox'), 'appointment.created');
    fillIn(/^Target URL/, ' https://vendor.example/hooks ');
    fillIn(/^Secret/, 'too-short');
    await add();
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe(SECRET_FORMAT));
    expect(calls('POST /api/apps/pub-live/webhooks')).toHaveLength(0);

    fillIn(/^Secret/, '  ');
    await add();
    expect(await dialog.findByTestId('webhook-secret-once')).toBeTruthy();
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(calls('POST /api/apps/pub-live/webhooks')[0]?.body).toEqual({
      event_type: 'appointment.created',
      target_url: 'https://vendor.example/hooks',
      is_active: true,
    });
  });

  it('marks a webhook whose event type no longer exists, and only that one', async () => {
    const hook = (id: string, event_type: string, event_type_available: boolean) => ({
      id,
      app_id: 'pub-live',
      event_type,
      target_url: 'https://vendor.example/hooks',
      secret: 'whsec_gene',
      is_active: true,
      created_at: '2025-03-01T10:00:00.000Z',
      disabled_reason: null,
      event_type_available,
    });
    const { user } = await open({ apps: apps() }, [
      http.get('/api/apps/:id/webhooks', () =>
        HttpResponse.json([hook('wh-old', 'recall.due', false), hook('wh-ok', 'license.purchased', true)]),
      ),
      answering('GET /api/event-types', ['license.purchased', 'license.revoked']),
    ]);
    await user.click(
      await within(await screen.findByTestId('app-row-pub-live')).findByRole('button', { name: /^Webhooks/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: /Webhooks/ }));
    const gone = within(await dialog.findByTestId('webhook-wh-old'));
    expect(gone.getByText('Event type no longer exists')).toBeTruthy();
    expect(within(dialog.getByTestId('webhook-wh-ok')).queryByText('Event type no longer exists')).toBeNull();
  });
});
