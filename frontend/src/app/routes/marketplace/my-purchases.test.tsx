import { MSG } from '@shared/messages';
import type { Purchase } from '@shared/schemas/checkout';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { LICENSE_REVOKED } from '@/features/purchases/components/licence-block';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { installFixture, purchaseFixture, purchasesHandlers } from '@/testing/handlers/purchases';
import { renderRoute } from '@/testing/render-route';
import { calls, failing, type Handlers, serve } from '@/testing/server';
import { FAR_ZONES, inZone, localDay } from '@/testing/zone';

afterEach(() => toaster.remove());

const PAST = '2024-01-15T00:00:00.000Z';
const FUTURE = '2099-03-01T12:00:00.000Z';

function open(purchases: Purchase[], extra: Handlers = []) {
  serve(accountsHandlers(), purchasesHandlers({ purchases }), extra);
  const view = renderRoute('/marketplace/my-purchases', { role: 'developer' });
  return view;
}

const card = async (id: string) => within(await screen.findByTestId(`purchase-${id}`));

describe('My Purchased Licenses (/marketplace/my-purchases)', () => {
  it('is for developers only', async () => {
    serve(accountsHandlers(), purchasesHandlers());
    const { location } = renderRoute('/marketplace/my-purchases');
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });

  it('loads the next page of purchases with Load more, by keyboard, until there is none', async () => {
    const purchases = ['p-1', 'p-2', 'p-3'].map((id) => purchaseFixture({ id }));
    serve(accountsHandlers(), purchasesHandlers({ purchases, pageSize: 2 }));
    renderRoute('/marketplace/my-purchases', { role: 'developer' });
    expect(await screen.findByTestId('purchase-p-2')).toBeTruthy();
    expect(screen.queryByTestId('purchase-p-3')).toBeNull();
    const more = screen.getByRole('button', { name: 'Load more purchases' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('purchase-p-3')).toBeTruthy();
    expect(screen.getByTestId('purchase-p-1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more purchases' })).toBeNull());
  });

  it('shows the empty state with a way to the marketplace', async () => {
    open([]);
    expect(await screen.findByText(MSG.noLicenses)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Marketplace' }).getAttribute('href')).toBe('/');
    // Its own header leads back to the marketplace.
    expect(screen.getByRole('link', { name: /Back to Marketplace/ }).getAttribute('href')).toBe('/');
  });

  it('shows each purchase: name, date, amount, expiry, badge and links', async () => {
    open([
      purchaseFixture({
        id: 'p-sub',
        app: {
          id: 'a-1',
          name: 'ChairTime Scheduler',
          slug: 'chairtime-scheduler',
          icon_url: null,
          description: null,
          documentation_url: 'https://docs.chairtime.example.com',
        },
        amount: 99,
        currency: 'usd',
        created_at: '2025-03-02T08:30:00.000Z',
        expires_at: FUTURE,
      }),
      purchaseFixture({ id: 'p-old', amount: 1188, expires_at: PAST }),
      purchaseFixture({ id: 'p-forever', expires_at: null }),
    ]);
    const sub = await card('p-sub');
    expect(sub.getByRole('heading', { name: 'ChairTime Scheduler' })).toBeTruthy();
    // The buyer's own calendar day ('Mar 2, 2025' and 'Mar 1, 2099' in UTC; see the far-zone test below).
    expect(sub.getByText(`Purchased ${localDay('2025-03-02T08:30:00.000Z')}`)).toBeTruthy();
    expect(sub.getByText('$99.00 USD')).toBeTruthy();
    expect(sub.getByText(`Expires ${localDay(FUTURE)}`)).toBeTruthy();
    expect(sub.getByText('Active')).toBeTruthy();
    expect(sub.getByRole('link', { name: /View App Details/ }).getAttribute('href')).toBe(
      '/marketplace/app/chairtime-scheduler',
    );
    expect(sub.getByRole('link', { name: /Documentation/ }).getAttribute('href')).toBe(
      'https://docs.chairtime.example.com',
    );
    expect(sub.getByRole('button', { name: /Download Invoice/ })).toBeTruthy();
    expect(sub.queryByRole('button', { name: /Renew License/ })).toBeNull();

    const old = await card('p-old');
    expect(old.getByText('$1,188.00 USD')).toBeTruthy();
    expect(old.getAllByText('Expired')).toHaveLength(2); // the badge and the expiry line
    expect(old.queryByText('Active')).toBeNull();
    expect(old.getByRole('button', { name: /Renew License/ })).toBeTruthy();

    const forever = await card('p-forever');
    expect(forever.getByText('Never expires')).toBeTruthy();
    expect(forever.getByText('Active')).toBeTruthy();
  });

  it("writes the purchase and expiry days as the buyer's calendar has them, in New Zealand and in Alaska", async () => {
    // 2025-03-02T08:30Z is Mar 2 in Auckland (21:30) and still Mar 1 in Anchorage (23:30 the day
    // before); 2099-03-01T12:00Z is already Mar 2 in Auckland (01:00) and Mar 1 in Anchorage.
    const expected = {
      'Pacific/Auckland': ['Purchased Mar 2, 2025', 'Expires Mar 2, 2099'],
      'America/Anchorage': ['Purchased Mar 1, 2025', 'Expires Mar 1, 2099'],
    };
    for (const zone of FAR_ZONES) {
      await inZone(zone, async () => {
        const view = open([
          purchaseFixture({ id: 'p-far', created_at: '2025-03-02T08:30:00.000Z', expires_at: FUTURE }),
        ]);
        const far = await card('p-far');
        for (const text of expected[zone]) expect(far.getByText(text), zone).toBeTruthy();
        view.unmount();
      });
    }
  });

  it('shows each licence state with the texts of the spec', async () => {
    open([
      purchaseFixture({ id: 'assigned', license_status: 'assigned', assigned_license_key: 'PERIO-AAAA-1111' }),
      purchaseFixture({ id: 'active', license_status: 'active', assigned_license_key: null, license_key: 'WH-KEY-9' }),
      // A manual licence completed with access details only (they were e-mailed): active, no key.
      purchaseFixture({ id: 'delivered', license_status: 'active', assigned_license_key: null, license_key: null }),
      purchaseFixture({
        id: 'manual',
        license_status: 'manual_pending',
        assigned_license_key: null,
        license_key: null,
      }),
      purchaseFixture({ id: 'stock', license_status: 'out_of_stock', assigned_license_key: null, license_key: null }),
      // A key-pool, universal or webhook licence whose delivery has not run yet: no status.
      purchaseFixture({ id: 'preparing', license_status: null, assigned_license_key: null, license_key: null }),
      purchaseFixture({
        id: 'refunded',
        license_status: 'revoked',
        status: 'refunded',
        assigned_license_key: null,
        license_key: null,
        expires_at: PAST,
      }),
    ]);
    expect((await card('assigned')).getByTestId('license-key').textContent).toBe('PERIO-AAAA-1111');
    expect((await card('active')).getByTestId('license-key').textContent).toBe('WH-KEY-9');

    const delivered = await card('delivered');
    expect(delivered.getByText('License active')).toBeTruthy();
    expect(delivered.queryByText(MSG.accessPending)).toBeNull();
    expect(delivered.queryByTestId('license-key')).toBeNull();

    const manual = await card('manual');
    expect(manual.getByText(MSG.accessPending)).toBeTruthy();
    expect(manual.getByText(MSG.accessPendingText)).toBeTruthy();
    expect(manual.queryByTestId('license-key')).toBeNull();

    const preparing = await card('preparing');
    expect(preparing.getByText('License being prepared')).toBeTruthy();
    expect(preparing.queryByText(MSG.accessPending)).toBeNull();
    expect(preparing.queryByText(MSG.accessPendingText)).toBeNull();

    const stock = await card('stock');
    expect(stock.getByText(MSG.licenseUnavailable)).toBeTruthy();
    expect(stock.getByText(MSG.licenseUnavailableText)).toBeTruthy();

    const refunded = await card('refunded');
    expect(refunded.getByText(LICENSE_REVOKED)).toBeTruthy();
    expect(refunded.getByText('Refunded')).toBeTruthy();
    // A refunded licence is not offered for renewal.
    expect(refunded.queryByRole('button', { name: /Renew License/ })).toBeNull();
  });

  it('copies the key and says so', async () => {
    const { user } = open([purchaseFixture({ id: 'p1', assigned_license_key: 'PERIO-AAAA-1111' })]);
    // After userEvent.setup(), which installs a clipboard stub of its own.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Copy license key for App p1' }));
    expect(writeText).toHaveBeenCalledWith('PERIO-AAAA-1111');
    expect(await screen.findByText(MSG.licenseCopied)).toBeTruthy();
  });

  it('renews an expired licence through a new checkout, or shows why it cannot', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const expired = purchaseFixture({ id: 'p-old', expires_at: PAST });
    const { user } = open([expired]);
    await user.click((await card('p-old')).getByRole('button', { name: /Renew License/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/renew'));
    expect(calls('POST /api/stripe/create-checkout-session')[0]?.body).toEqual({ app_id: 'app-p-old' });
  });

  it('shows the server detail, else the checkout fallback, when renewal fails', async () => {
    const { user } = open(
      [purchaseFixture({ id: 'p-old', expires_at: PAST })],
      failing('POST /api/stripe/create-checkout-session', 409, 'You already own a license for this app'),
    );
    const renew = (await card('p-old')).getByRole('button', { name: /Renew License/ });
    await user.click(renew);
    expect(await screen.findByText('You already own a license for this app')).toBeTruthy();
    serve(failing('POST /api/stripe/create-checkout-session', 500));
    await waitFor(() => expect((renew as HTMLButtonElement).disabled).toBe(false));
    await user.click(renew);
    expect(await screen.findByText(MSG.checkoutFailed)).toBeTruthy();
  });

  it('downloads the invoice with the bearer token', async () => {
    open([purchaseFixture({ id: 'p1' })]);
    const button = (await card('p1')).getByRole('button', { name: /Download Invoice/ });
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const fetchPdf = vi.fn(async () => ({ ok: true, status: 200, blob: async () => pdf }) as unknown as Response);
    vi.stubGlobal('fetch', fetchPdf);
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    button.click();
    await waitFor(() => expect(clicked).toEqual(['invoice-p1.pdf']));
    const [url, init] = fetchPdf.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/stripe/purchases/p1/invoice');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer developer-token');
    expect(createObjectURL).toHaveBeenCalledWith(pdf);
    click.mockRestore();
  });

  it("shows each licence's access, revokes it after confirming and grants it again; an app asking for more says so", async () => {
    const user = userEvent.setup();
    serve(
      accountsHandlers(),
      purchasesHandlers({
        purchases: [
          purchaseFixture({ id: 'p-1', app: { ...purchaseFixture({ id: 'p-1' }).app, id: 'a-1', name: 'ChairTime' } }),
          purchaseFixture({ id: 'p-2', app: { ...purchaseFixture({ id: 'p-2' }).app, id: 'a-2', name: 'PerioChart' } }),
        ],
        installs: [
          installFixture({ id: 'i-1', app_id: 'a-1' }),
          installFixture({
            id: 'i-2',
            app_id: 'a-2',
            granted: { event_types: ['appointment.created'], features: [] },
            requested: { event_types: ['appointment.created', 'patient.updated'], features: [] },
          }),
        ],
      }),
    );
    renderRoute('/marketplace/my-purchases', { role: 'practice' });
    const first = within(await screen.findByTestId('install-a-1'));
    expect(first.getByText('Access granted')).toBeTruthy();
    expect(first.getByText('Receives: appointment.created')).toBeTruthy();
    expect(first.getByText('Reads: scheduling')).toBeTruthy();
    const second = within(screen.getByTestId('install-a-2'));
    expect(second.getByText('PerioChart asks for more access')).toBeTruthy();
    expect(second.getByText('Receives: appointment.created, patient.updated')).toBeTruthy();

    await user.click(first.getByRole('button', { name: /Revoke/ }));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(/stops receiving your practice's events at once/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(first.getByText('Access revoked')).toBeTruthy());
    await user.click(first.getByRole('button', { name: /Grant/ }));
    await waitFor(() => expect(first.getByText('Access granted')).toBeTruthy());
  });
});
