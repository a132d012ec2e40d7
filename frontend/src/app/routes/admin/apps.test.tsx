import { MSG } from '@shared/messages';
import type { AdminPurchase } from '@shared/schemas/checkout';
import { MANUAL_DETAILS_REQUIRED, type ManualLicence } from '@shared/schemas/manual-licences';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { answerConfirm } from '@/testing/confirm';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { adminAppFixture, adminAppsHandlers } from '@/testing/handlers/admin-apps';
import { renderRoute } from '@/testing/render-route';
import { answering, calls, failing, type Handlers, HttpResponse, http, serve } from '@/testing/server';
import { columnHeaders } from '@/testing/table';

const seed = () => [
  adminAppFixture({ id: 'pending', name: 'Smile Scheduler', is_approved: false, demo_url: 'https://demo.example.com' }),
  adminAppFixture({
    id: 'live',
    name: 'Xray Vision',
    is_approved: true,
    pricing_model: 'one_time',
    price: 299,
    price_period: null,
    total_sales: 3,
    total_revenue: 897,
    installs: 7,
  }),
  adminAppFixture({ id: 'free', name: 'Perio Chart', pricing_model: 'free', price: 0, is_approved: true }),
  adminAppFixture({
    id: 'int',
    name: 'Front Desk Sync',
    type: 'internal',
    is_approved: true,
    user_email: 'ops@clinic.com',
  }),
  adminAppFixture({ id: 'par', name: 'Lab Bridge', type: 'partner', is_approved: false }),
];

const DAY = 86_400_000;
/** An admin purchase as the API sends it; the server says until when it can be refunded (30 days). */
const purchase = (
  id: string,
  status: AdminPurchase['status'],
  amount: number,
  created: string,
  name: string,
): AdminPurchase => ({
  id,
  status,
  amount,
  currency: 'usd',
  created_at: created,
  user: { id: `u-${id}`, name, email: `${name.split(' ')[1]?.toLowerCase()}@x.com` },
  license_status: status === 'completed' ? 'assigned' : null,
  payment_method: 'card',
  flag: null,
  refundable_until: new Date(Date.parse(created) + 30 * DAY).toISOString(),
});

const purchases = {
  pending: [
    purchase('p1', 'completed', 49, '2025-03-02T10:00:00Z', 'Dr. Lee'),
    purchase('p2', 'completed', 49.5, '2025-03-03T10:00:00Z', 'Dr. Kim'),
    purchase('p3', 'pending', 49, '2025-03-04T10:00:00Z', 'Dr. Roe'),
  ],
};

async function open(extra: Handlers = [], apps = seed(), manual: ManualLicence[] = []) {
  const fake = adminAppsHandlers({ apps, purchases, manual });
  serve(accountsHandlers(), fake.handlers, extra);
  const view = renderRoute('/admin/apps', { role: 'admin' });
  await screen.findByRole('heading', { name: 'App Management' }, { timeout: 15_000 });
  return { ...view, db: fake.db, completed: fake.completed };
}

const row = (id: string) => within(screen.getByTestId(`admin-app-${id}`));
const names = () => screen.queryAllByTestId(/^admin-app-/).map((r) => r.getAttribute('data-testid')?.slice(10));

afterEach(() => toaster.remove());

describe('App Management (/admin/apps)', { timeout: 30_000 }, () => {
  it('shows the columns, pricing, developer, status and sales of every app', async () => {
    await open();
    await screen.findByText('Smile Scheduler');
    expect(columnHeaders()).toEqual([
      'App Name',
      'Type',
      'Category',
      'Pricing',
      'Developer',
      'Status',
      'Actions',
      'Sales',
      'Installs',
    ]);
    expect(row('pending').getByText('Pending Review')).toBeTruthy();
    expect(row('pending').getByText('$49.00 / month')).toBeTruthy();
    expect(row('live').getByText('Published')).toBeTruthy();
    expect(row('live').getByText('$299.00')).toBeTruthy();
    expect(row('live').getByText('3 sales')).toBeTruthy();
    expect(row('live').getByText('$897.00')).toBeTruthy();
    expect(row('live').getByText('7')).toBeTruthy();
    expect(row('free').getByText('Free')).toBeTruthy();
    expect(row('int').getByText('Active')).toBeTruthy();
    expect(row('int').getByText('ops@clinic.com')).toBeTruthy();
    expect(row('par').getByText('Pending Review')).toBeTruthy();
    // No totals on the row: counted from the purchases, completed ones only, to two decimals.
    expect(await row('pending').findByText('2 sales')).toBeTruthy();
    expect(row('pending').getByText('$98.50')).toBeTruthy();
    // A purchases call that fails is ignored.
    expect(row('free').getByText('0 sales')).toBeTruthy();
  });

  it('reads Free for a paid pricing model listed at $0, as the marketplace grants it', async () => {
    await open(
      [],
      [
        adminAppFixture({ id: 'zero', name: 'Lab Bridge', pricing_model: 'one_time', price: 0, price_period: null }),
        adminAppFixture({ id: 'sub0', name: 'Perio Chart', pricing_model: 'subscription', price: 0 }),
      ],
    );
    await screen.findByText('Lab Bridge');
    const pricing = (id: string) => row(id).getAllByRole('cell')[3]?.textContent;
    expect(pricing('zero')).toBe('Free');
    expect(pricing('sub0')).toBe('Free');
  });

  it('filters All Apps / Marketplace (public) / Internal (internal and partner) with counts, awaiting review first', async () => {
    const { user } = await open();
    await screen.findByText('Smile Scheduler');
    expect(screen.getByRole('button', { name: 'All Apps (5)' }).getAttribute('aria-pressed')).toBe('true');
    expect(names()).toEqual(['pending', 'par', 'live', 'free', 'int']);
    await user.click(screen.getByRole('button', { name: 'Marketplace (3)' }));
    await waitFor(() => expect(names()).toEqual(['pending', 'live', 'free']));
    await user.click(screen.getByRole('button', { name: 'Internal (2)' }));
    await waitFor(() => expect(names()).toEqual(['par', 'int']));
    await user.click(screen.getByRole('button', { name: 'All Apps (5)' }));
    await waitFor(() => expect(names()).toHaveLength(5));
  });

  it('searches by app name, developer e-mail or company on the server', async () => {
    const { user } = await open();
    await screen.findByText('Smile Scheduler');
    const search = screen.getByRole('searchbox', { name: 'Search apps' });
    await user.type(search, 'ops@clinic');
    await waitFor(() => expect(names()).toEqual(['int']));
    // The counts are the counters' (the filters counted, the search not): the line says both.
    expect(screen.getByText('Showing 1 matching apps (5 in all)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All Apps (5)' })).toBeTruthy();
    expect(calls().some((r) => r.path === '/api/admin/apps' && r.query.get('q') === 'ops@clinic')).toBe(true);
    await user.clear(search);
    await user.type(search, 'xray');
    await waitFor(() => expect(names()).toEqual(['live']));
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(await screen.findByText(MSG.noAppsFound)).toBeTruthy();
  });

  it('filters by status, Pending Review listed first with its count', async () => {
    const { user } = await open();
    await screen.findByText('Smile Scheduler');
    expect(screen.getByText('2 awaiting review')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Filter by status' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'All statuses',
      'Pending Review (2)',
      'Published (2)',
      'Active (1)',
      'Suspended (0)',
    ]);
    await user.selectOptions(select, 'Pending Review');
    await waitFor(() => expect(names()).toEqual(['pending', 'par']));
    await user.selectOptions(select, 'Active');
    await waitFor(() => expect(names()).toEqual(['int']));
  });

  it('pages on the server past 25 apps with Load more (next_cursor)', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      adminAppFixture({ id: `a${i}`, name: `Bulk App ${String(i).padStart(2, '0')}`, is_approved: true }),
    );
    const { user } = await open([], many);
    await screen.findByText('Bulk App 00');
    expect(names()).toHaveLength(25);
    expect(screen.getByText('Showing 25 of 30 apps')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Load more/ }));
    await screen.findByText('Bulk App 29');
    expect(names()).toHaveLength(30);
    expect(screen.getByText('Showing 30 of 30 apps')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
    expect(calls().some((r) => r.path === '/api/admin/apps' && r.query.get('cursor') === '25')).toBe(true);
    expect(calls().some((r) => r.path === '/api/admin/apps' && r.query.has('page'))).toBe(false);
  });

  it("says 'No apps found.' when there are none", async () => {
    await open([], []);
    expect(await screen.findByText(MSG.noAppsFound)).toBeTruthy();
  });

  it('shows the load failure text', async () => {
    await open(failing('GET /api/admin/apps', 500));
    expect(await screen.findByText(MSG.failedLoadApps)).toBeTruthy();
  });

  it('View shows every section; Approve only when not approved, after the confirmation', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'View Smile Scheduler' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Smile Scheduler/ }));
    for (const section of [
      'Basic Information',
      'Pricing Information',
      'Purchase History',
      'Company Information',
      'Description',
      'Key Features',
      'Links',
    ])
      expect(dialog.getByRole('heading', { name: section })).toBeTruthy();
    expect(await dialog.findByText('Dr. Kim')).toBeTruthy();
    expect(dialog.getByRole('link', { name: /Website/ }).getAttribute('href')).toBe('https://example.com/');
    expect(dialog.getByRole('link', { name: /Demo/ })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /Suspend/ })).toBeNull();
    expect(dialog.getByRole('button', { name: 'Close' })).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: /Approve/ }));
    await answerConfirm(user, 'Approve', MSG.confirmApproveApp);
    expect(await screen.findByText(MSG.appApproved)).toBeTruthy();
    expect(calls('POST /api/admin/apps/pending/approve')).toHaveLength(1);
    // The list revalidates: the dialog now offers Suspend and the row says Published.
    expect(await dialog.findByRole('button', { name: /Suspend/ })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /Approve/ })).toBeNull();
    await waitFor(() => expect(row('pending').getByText('Published')).toBeTruthy());
  });

  it('refunds a completed purchase of the last 30 days after a confirmation; older ones offer no refund', async () => {
    const recent = purchase('fresh', 'completed', 49, new Date().toISOString(), 'Dr. New');
    const { user } = await open([
      answering('GET /api/admin/apps/:id/purchases', [recent, ...purchases.pending]),
      answering('POST /api/admin/purchases/:id/refund', { message: 'Purchase refunded' }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'View Smile Scheduler' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Smile Scheduler/ }));
    await dialog.findByText('Dr. New');
    expect(dialog.getAllByRole('button', { name: 'Refund' })).toHaveLength(1);
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    await user.click(confirm.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Purchase refunded')).toBeTruthy();
    expect(calls('POST /api/admin/purchases/fresh/refund')).toHaveLength(1);
  });

  it("pages the purchase history: Load more follows the server's next cursor", async () => {
    const older = purchase('older', 'completed', 49, '2024-01-02T00:00:00.000Z', 'Dr. Older');
    const newer = purchase('newer', 'completed', 49, '2024-02-02T00:00:00.000Z', 'Dr. Newer');
    const { user } = await open([
      http.get('/api/admin/apps/:id/purchases', ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === 'next'
          ? HttpResponse.json([older])
          : HttpResponse.json([newer], { headers: { 'X-Next-Cursor': 'next' } }),
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'View Smile Scheduler' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Smile Scheduler/ }));
    await dialog.findByText('Dr. Newer');
    expect(dialog.queryByText('Dr. Older')).toBeNull();
    dialog.getByRole('button', { name: 'Load more purchases' }).focus();
    await user.keyboard('{Enter}');
    expect(await dialog.findByText('Dr. Older')).toBeTruthy();
    await waitFor(() => expect(dialog.queryByRole('button', { name: 'Load more purchases' })).toBeNull());
  });

  it('Suspend only when approved, with its confirmation and failure text', async () => {
    const { user } = await open(failing('POST /api/admin/apps/:id/suspend', 500));
    await user.click(await screen.findByRole('button', { name: 'View Xray Vision' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Xray Vision/ }));
    expect(dialog.queryByRole('button', { name: /Approve/ })).toBeNull();
    await user.click(dialog.getByRole('button', { name: /Suspend/ }));
    await answerConfirm(user, 'Suspend', MSG.confirmSuspendApp);
    expect(await screen.findByText(MSG.failedSuspendApp)).toBeTruthy();
  });

  it('suspends an approved app', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'View Xray Vision' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Xray Vision/ }));
    await user.click(dialog.getByRole('button', { name: /Suspend/ }));
    await answerConfirm(user, 'Suspend');
    expect(await screen.findByText(MSG.appSuspended)).toBeTruthy();
    // The same status the developer sees (shared/app-status.ts).
    await waitFor(() => expect(row('live').getByText('Suspended')).toBeTruthy());
  });

  it('shows the server detail when approving fails', async () => {
    const { user } = await open(failing('POST /api/admin/apps/:id/approve', 409, 'App is already approved'));
    await user.click(await screen.findByRole('button', { name: 'View Lab Bridge' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Lab Bridge/ }));
    expect(dialog.queryByRole('heading', { name: 'Pricing Information' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: /Approve/ }));
    await answerConfirm(user, 'Approve');
    expect(await screen.findByText('App is already approved')).toBeTruthy();
  });

  it('deletes permanently after the confirmation, closes the dialog and drops the row', async () => {
    const { user, db } = await open();
    await user.click(await screen.findByRole('button', { name: 'View Perio Chart' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Perio Chart/ }));
    await user.click(dialog.getByRole('button', { name: /Delete/ }));
    await answerConfirm(user, 'Delete', MSG.confirmPermanentDeleteApp);
    expect(await screen.findByText(MSG.appDeleted)).toBeTruthy();
    expect(db.map((a) => a.id)).not.toContain('free');
    await waitFor(() => expect(screen.queryByTestId('admin-app-free')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the delete failure text', async () => {
    const { user } = await open(failing('DELETE /api/admin/apps/:id/delete', 500));
    await user.click(await screen.findByRole('button', { name: 'View Perio Chart' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Perio Chart/ }));
    await user.click(dialog.getByRole('button', { name: /Delete/ }));
    await answerConfirm(user, 'Delete');
    expect(await screen.findByText(MSG.failedDeleteApp)).toBeTruthy();
  });

  it('keeps the review dialog on the app it shows when approving moves it off a busy page', async () => {
    // 30 published apps, then one awaiting review: first on page 1 now, 31st (page 2) once approved.
    const busy = [
      ...Array.from({ length: 30 }, (_, i) =>
        adminAppFixture({ id: `b${i}`, name: `Busy App ${String(i).padStart(2, '0')}`, is_approved: true }),
      ),
      adminAppFixture({ id: 'waiting', name: 'Waiting Room Kiosk', is_approved: false }),
    ];
    const { user } = await open([], busy);
    await user.click(await screen.findByRole('button', { name: 'View Waiting Room Kiosk' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Waiting Room Kiosk/ }));
    await user.click(dialog.getByRole('button', { name: /Approve/ }));
    await answerConfirm(user, 'Approve');
    expect(await screen.findByText(MSG.appApproved)).toBeTruthy();
    // The page revalidated without the app (it is on page 2 now)...
    await waitFor(() => expect(screen.queryByTestId('admin-app-waiting')).toBeNull());
    expect(names()).toHaveLength(25);
    // ...and the dialog is still open on it, showing its new state.
    const still = within(screen.getByRole('dialog', { name: /Waiting Room Kiosk/ }));
    expect(await still.findByRole('button', { name: /Suspend/ })).toBeTruthy();
    expect(still.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(still.getAllByText('Published').length).toBeGreaterThan(0);
    await user.click(still.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Pending Licenses: the admin completes a manual licence of any app; the list empties', async () => {
    const waiting: ManualLicence[] = [
      {
        purchase_id: 'mp-1',
        app_id: 'pending',
        app_name: 'Smile Scheduler',
        buyer_email: 'buyer@clinic.example',
        buyer_name: 'Dr Buyer',
        pending_since: '2026-01-01T08:00:00.000Z',
        overdue: true,
      },
    ];
    const { user, completed } = await open([], seed(), waiting);
    const button = await screen.findByRole('button', { name: /Pending Licenses \(1\)/ });
    expect(within(button).getByText('1 overdue')).toBeTruthy();
    await user.click(button);
    const dialog = within(await screen.findByRole('dialog', { name: 'Pending Licenses' }));
    const form = within(dialog.getByRole('form', { name: 'Deliver Smile Scheduler to buyer@clinic.example' }));
    expect(form.getByText('Dr Buyer <buyer@clinic.example>')).toBeTruthy();
    expect(form.getByText('Overdue')).toBeTruthy();

    await user.click(form.getByRole('button', { name: 'Send and mark delivered' }));
    expect(await form.findByText(MANUAL_DETAILS_REQUIRED)).toBeTruthy();
    expect(completed).toHaveLength(0);

    await user.type(form.getByLabelText('Access details'), 'Login sent by phone');
    await user.type(form.getByLabelText('License key (optional)'), 'KEY-123');
    await user.click(form.getByRole('button', { name: 'Send and mark delivered' }));
    expect(await screen.findByText('License delivered to buyer@clinic.example')).toBeTruthy();
    expect(completed).toEqual([
      { id: 'mp-1', body: { access_details: 'Login sent by phone', license_key: 'KEY-123' } },
    ]);
    expect(await dialog.findByText('No buyers are waiting for access.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: /close/i }));
    expect(await screen.findByRole('button', { name: /Pending Licenses \(0\)/ })).toBeTruthy();
  });
});

describe('App Management review: permissions', { timeout: 30_000 }, () => {
  it('the View dialog shows what the app declared, read from the owner/admin route', async () => {
    const { user } = await open(
      http.get('/api/apps/:id/data-access', () =>
        HttpResponse.json({
          catalogue_synced: true,
          declaration: {
            features: [{ id: 'patients', name: 'Patients', description: '', access: 'write', tables: [] }],
            event_types: [{ id: 'patient.updated', description: '' }],
            baa_signed: false,
            baa_url: null,
            updated_at: '2026-11-01T00:00:00.000Z',
          },
        }),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'View Smile Scheduler' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Smile Scheduler/ }));
    const section = within(dialog.getByRole('region', { name: 'Permissions' }));
    expect(await section.findByText('Patients')).toBeTruthy();
    expect(section.getByText('Writes')).toBeTruthy();
    expect(section.getByText('patient.updated')).toBeTruthy();
    expect(section.getByText(/does not sign a Business Associate Agreement/)).toBeTruthy();
    expect(calls('GET /api/apps/pending/data-access')).toHaveLength(1);
  });
});
