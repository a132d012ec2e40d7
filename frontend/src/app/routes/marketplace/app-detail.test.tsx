import { MSG } from '@shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAppDetail } from '@/features/marketplace/testing/fixtures';
import type { AppDetail } from '@/features/marketplace/types';
import { checkoutHandlers, type Reply } from '@/testing/handlers/checkout';
import { marketplaceHandlers } from '@/testing/handlers/marketplace';
import { renderRoute, signIn } from '@/testing/render-screen';
import { calls, type Handlers, HttpResponse, http, serve } from '@/testing/server';
import MarketplaceAppDetail from './app-detail';

const paid = makeAppDetail({
  id: 'app-paid',
  slug: 'smile-scheduler',
  name: 'Smile Scheduler',
  tagline: 'Online booking that fills your chairs',
  description: 'Scheduling for dental practices',
  long_description: 'Patients book online around the clock.',
  pricing_model: 'subscription',
  price: 49,
  price_period: 'monthly',
  tags: 'scheduling, booking ,, reminders',
  key_features: ['Online booking', 'SMS reminders'],
  screenshots: ['https://cdn.example.com/s1.png'],
  website_url: 'https://smile.example.com',
  documentation_url: null,
  support_url: 'https://smile.example.com/help',
  company_name: null,
  created_at: '2025-03-05T12:00:00.000Z',
  user_id: 'vendor-1',
});
const free = makeAppDetail({
  id: 'app-free',
  slug: 'free-forms',
  name: 'Free Forms',
  tagline: null,
  description: 'Intake forms at no cost',
  pricing_model: 'free',
  price: 0,
  price_period: null,
  free_trial_days: 14,
});

function renderDetail(
  slug: string,
  { userId, extra = [], query = '' }: { userId?: string; extra?: Handlers; query?: string } = {},
) {
  serve(marketplaceHandlers({ details: [paid, free], userId }), extra);
  return renderRoute(<MarketplaceAppDetail />, {
    path: '/marketplace/app/:slug',
    url: `/marketplace/app/${slug}${query}`,
  });
}

const openCheckout = async (app: AppDetail = paid) => {
  await userEvent.click(
    await screen.findByRole('button', { name: app.pricing_model === 'free' ? 'Get License' : 'Purchase License' }),
  );
  return screen.findByRole('dialog', { name: 'Complete Your Purchase' });
};

/** A completed purchase of Smile Scheduler with its licence key assigned, as /api/stripe/my-purchases lists it. */
const licence = ({
  id,
  key,
  expires_at,
  created_at = '2025-03-05T12:00:00.000Z',
  stripe_subscription_id = null,
}: {
  id: string;
  key: string;
  expires_at: string | null;
  created_at?: string;
  stripe_subscription_id?: string | null;
}) => ({
  id,
  app: {
    id: 'app-paid',
    name: 'Smile Scheduler',
    slug: 'smile-scheduler',
    icon_url: null,
    description: null,
    documentation_url: null,
  },
  amount: 49,
  currency: 'usd',
  created_at,
  expires_at,
  license_status: 'assigned',
  assigned_license_key: key,
  license_key: key,
  stripe_subscription_id,
  status: 'completed',
});

/** A signed-in buyer opens Smile Scheduler's checkout while the server answers the checkout session with `member`. */
async function openMemberCheckout(member: Reply) {
  signIn('developer');
  renderDetail('smile-scheduler', { userId: 'buyer-1', extra: checkoutHandlers({ member }) });
  return within(await openCheckout());
}

/** Waits for the login screen, asked to come back to Smile Scheduler's checkout afterwards. */
const goesToLoginThenBack = () =>
  waitFor(
    () =>
      expect(screen.getByTestId('location').textContent).toBe(
        `/login?return=${encodeURIComponent('/marketplace/app/smile-scheduler?checkout=true')}`,
      ),
    { timeout: 3000 },
  );

describe('App detail', { timeout: 20_000 }, () => {
  it("shows a subscription's free trial line", async () => {
    renderDetail('smile-scheduler', {
      extra: marketplaceHandlers({ details: [{ ...paid, free_trial_days: 30 }] }),
    });
    expect(await screen.findByText('30-day free trial available')).toBeTruthy();
  });

  it("shows a paid app's price with its period and 'Purchase License'", async () => {
    renderDetail('smile-scheduler');
    expect(await screen.findByRole('heading', { level: 1, name: 'Smile Scheduler' })).toBeTruthy();
    expect(screen.getByText('License Pricing')).toBeTruthy();
    expect(screen.getByTestId('license-price').textContent).toBe('$49.00 / month');
    expect(screen.getByRole('button', { name: 'Purchase License' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get License' })).toBeNull();
    expect(screen.queryByText(/free trial available/)).toBeNull();
  });

  it("shows 'Free' and 'Get License' for a free app, no trial line (a trial is a subscription's); description stands in for the tagline", async () => {
    renderDetail('free-forms');
    expect(await screen.findByRole('button', { name: 'Get License' })).toBeTruthy();
    expect(screen.getByTestId('license-price').textContent).toBe('Free');
    expect(screen.queryByText(/free trial available/)).toBeNull();
    expect(screen.getAllByText('Intake forms at no cost').length).toBeGreaterThan(0);
  });

  it("shows 'This is your app' instead of a purchase button to the owner", async () => {
    signIn('developer');
    renderDetail('smile-scheduler', { userId: 'vendor-1' });
    expect(await screen.findByText('This is your app')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Purchase License' })).toBeNull();
  });

  it('recognises ownership from the developer’s own apps too', async () => {
    signIn('developer');
    renderDetail('smile-scheduler', {
      userId: 'someone',
      extra: http.get('/api/apps', () => new Response(JSON.stringify([{ id: 'app-paid', slug: 'smile-scheduler' }]))),
    });
    expect(await screen.findByText('This is your app')).toBeTruthy();
  });

  it('tells a buyer who holds a licence that they own it, with a link to it instead of Purchase License', async () => {
    signIn('developer');
    const purchases = [licence({ id: 'p-held', key: 'K-1', expires_at: '2999-01-01T00:00:00.000Z' })];
    renderDetail('smile-scheduler', {
      userId: 'buyer-1',
      extra: http.get('/api/stripe/my-purchases', () => new Response(JSON.stringify(purchases))),
    });
    expect(await screen.findByText('You own a license')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your license' }).getAttribute('href')).toBe(
      '/marketplace/my-purchases#purchase-p-held',
    );
    expect(screen.queryByRole('button', { name: 'Purchase License' })).toBeNull();
  });

  it("offers Renew License, linked to the licence, when the buyer's licence has expired", async () => {
    signIn('developer');
    const expired = licence({
      id: 'p-old',
      key: 'K-0',
      created_at: '2024-03-05T12:00:00.000Z',
      expires_at: '2024-04-05T12:00:00.000Z',
      stripe_subscription_id: 'sub_1',
    });
    renderDetail('smile-scheduler', {
      userId: 'buyer-1',
      extra: http.get('/api/stripe/my-purchases', () => new Response(JSON.stringify([expired]))),
    });
    expect(await screen.findByText('Your license has expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Renew License' }).getAttribute('href')).toBe(
      '/marketplace/my-purchases#purchase-p-old',
    );
  });

  it('shows tags, about, key features, screenshots and the sidebar facts and links', async () => {
    renderDetail('smile-scheduler');
    await screen.findByRole('heading', { level: 1, name: 'Smile Scheduler' });
    expect(screen.getByText('Online booking that fills your chairs')).toBeTruthy();
    const tags = within(screen.getByRole('list', { name: 'Tags' }));
    expect(tags.getAllByRole('listitem').map((t) => t.textContent)).toEqual(['scheduling', 'booking', 'reminders']);
    expect(screen.getByText('Patients book online around the clock.')).toBeTruthy();
    expect(screen.getByText('SMS reminders')).toBeTruthy();

    const shot = screen.getByRole('link', { name: /Open screenshot 1/ });
    expect(shot.getAttribute('href')).toBe('https://cdn.example.com/s1.png');
    expect(shot.getAttribute('target')).toBe('_blank');
    expect(shot.getAttribute('rel')).toBe('noopener');

    expect(screen.getByText(MSG.independentDeveloper)).toBeTruthy();
    expect(screen.getByText('March 5, 2025')).toBeTruthy();
    expect(screen.getByText('Subscription')).toBeTruthy();
    const website = screen.getByRole('link', { name: /Visit Website/ });
    expect(website.getAttribute('href')).toBe('https://smile.example.com/');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(website.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: /Get Support/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Documentation/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Back to Marketplace/ }).getAttribute('href')).toBe('/marketplace');
  });

  it("reads 'App not found' with a way back", async () => {
    renderDetail('nope');
    expect(await screen.findByText(MSG.appNotFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Marketplace/ }).getAttribute('href')).toBe('/marketplace');
  });
});

// Dialog-heavy flows (and one 1.2 s redirect): generous timeout so a busy machine does not fail them.
describe('Checkout modal', { timeout: 20_000 }, () => {
  it('guest checkout: Proceed is disabled until an e-mail is given, then the guest session starts', async () => {
    renderDetail('smile-scheduler', { extra: checkoutHandlers() });
    const dialog = within(await openCheckout());
    expect(dialog.getByText('Smile Scheduler')).toBeTruthy();
    expect(dialog.getByTestId('checkout-price').textContent).toBe('$49.00 / month');
    expect(dialog.getByText('Secure checkout powered by Stripe')).toBeTruthy();

    await userEvent.click(dialog.getByRole('radio', { name: /Continue as guest/ }));
    expect(dialog.getByText(MSG.guestNote)).toBeTruthy();
    const proceed = dialog.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);

    await userEvent.click(dialog.getByRole('textbox', { name: /Email address/ }));
    await userEvent.paste('front-desk@smiles.com');
    expect(proceed.disabled).toBe(false);
    await userEvent.click(proceed);

    await waitFor(() => expect(window.location.hash).toBe('#stripe-checkout'));
    expect(calls('POST /api/stripe/create-guest-checkout-session')[0]?.body).toEqual({
      app_id: 'app-paid',
      email: 'front-desk@smiles.com',
      accept_permissions: true,
    });
    expect(dialog.getByRole('button', { name: /Processing/ })).toBeTruthy();
  });

  it("refuses a guest address that is not one, in the spec's words, and sends nothing", async () => {
    renderDetail('smile-scheduler', { extra: checkoutHandlers() });
    const dialog = within(await openCheckout());
    await userEvent.click(dialog.getByRole('radio', { name: /Continue as guest/ }));
    await userEvent.click(dialog.getByRole('textbox', { name: /Email address/ }));
    await userEvent.paste('front-desk');
    await userEvent.click(dialog.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await dialog.findByText(MSG.invalidEmail)).toBeTruthy();
    expect(calls('POST /api/stripe/create-guest-checkout-session')).toHaveLength(0);
  });

  it("asks to log in when neither logged in nor guest; 'Login →' returns to this app with checkout=true", async () => {
    renderDetail('smile-scheduler', { extra: checkoutHandlers() });
    const dialog = within(await openCheckout());
    await userEvent.click(dialog.getByRole('button', { name: 'Proceed to Payment' }));
    expect(dialog.getByText(MSG.pleaseLogin)).toBeTruthy();

    await userEvent.click(dialog.getByRole('button', { name: 'Login →' }));
    await goesToLoginThenBack();
  });

  it("signed out, offers 'Create a practice account' (practice sign-up); signed in, it does not", async () => {
    const { unmount } = renderDetail('smile-scheduler', { extra: checkoutHandlers() });
    const dialog = within(await openCheckout());
    const link = dialog.getByRole('link', { name: 'Create a practice account' });
    expect(link.getAttribute('href')).toBe('/signup?type=practice');
    await userEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/signup?type=practice'));
    unmount();

    const member = await openMemberCheckout({ status: 200, body: {} });
    expect(member.getByText(MSG.loggedInReady)).toBeTruthy();
    expect(member.queryByRole('link', { name: 'Create a practice account' })).toBeNull();
  });

  it("signed in: 'ready to checkout'; a 401 expires the session and goes to login, remembering the app", async () => {
    const dialog = await openMemberCheckout({ status: 401, body: { detail: 'Token expired' } });
    expect(dialog.getByText(MSG.loggedInReady)).toBeTruthy();
    expect(dialog.queryByRole('radio')).toBeNull();

    await userEvent.click(dialog.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await dialog.findByText(MSG.sessionExpired)).toBeTruthy();
    expect(calls('POST /api/stripe/create-checkout-session')[0]?.body).toEqual({
      app_id: 'app-paid',
      accept_permissions: true,
    });
    expect(JSON.parse(sessionStorage.getItem('checkout_app') ?? 'null')).toEqual({
      app_id: 'app-paid',
      slug: 'smile-scheduler',
    });
    expect(localStorage.getItem('token')).toBeNull();
    await goesToLoginThenBack();
  });

  it("shows the server's detail, or the fallback text, when checkout cannot start", async () => {
    const dialog = await openMemberCheckout({ status: 501, body: { detail: 'Payments are not enabled yet' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await dialog.findByText('Payments are not enabled yet')).toBeTruthy();
  });

  it('falls back to the generic checkout error without a detail', async () => {
    const dialog = await openMemberCheckout({ status: 500, body: {} });
    await userEvent.click(dialog.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await dialog.findByText(MSG.checkoutFailed)).toBeTruthy();
  });

  it('shows what the app asks for in plain words; nothing extra for an app with no declaration', async () => {
    renderDetail('smile-scheduler', {
      extra: [
        ...[checkoutHandlers()].flat(),
        http.get('/api/marketplace/apps/:id/data-access', () =>
          HttpResponse.json({
            catalogue_synced: true,
            declaration: {
              features: [
                {
                  id: 'scheduling',
                  name: 'Scheduling',
                  description: '',
                  access: 'read',
                  tables: Array.from({ length: 8 }, (_, i) => ({ name: `t${i}`, column_count: 3 })),
                },
                { id: 'notes', name: 'Clinical notes', description: '', access: 'read_write', tables: [] },
              ],
              event_types: [
                { id: 'appointment.created', description: 'new appointments' },
                { id: 'patient.updated', description: 'patient changes' },
              ],
              baa_signed: false,
              baa_url: null,
              updated_at: '2026-11-01T00:00:00.000Z',
            },
          }),
        ),
      ],
    });
    const dialog = within(await openCheckout());
    const consent = within(await dialog.findByRole('region', { name: 'This app asks for' }));
    expect(consent.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Receives: new appointments, patient changes',
      'Reads: Scheduling (8 tables)',
      'Reads and writes: Clinical notes',
      'Signs a BAA: no',
    ]);
    expect(dialog.getByText(/you grant this access/)).toBeTruthy();
  });

  it('opens by itself on return from login (?checkout=true), and Cancel closes it', async () => {
    signIn('developer');
    renderDetail('free-forms', { userId: 'buyer-1', query: '?checkout=true' });
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Purchase' });
    expect(within(dialog).getByTestId('checkout-price').textContent).toBe('Free');
    // Free Forms declares nothing: the modal shows no consent part.
    await waitFor(() => expect(calls('GET /api/marketplace/apps/app-free/data-access')).toHaveLength(1));
    expect(within(dialog).queryByRole('region', { name: 'This app asks for' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('App detail: permissions', { timeout: 20_000 }, () => {
  it("shows the app's permissions section, loaded for this app, with the BAA link", async () => {
    renderDetail('smile-scheduler', {
      extra: http.get('/api/marketplace/apps/:id/data-access', () =>
        HttpResponse.json({
          catalogue_synced: true,
          declaration: {
            features: [{ id: 'patients', name: 'Patients', description: '', access: 'read', tables: [] }],
            event_types: [],
            baa_signed: true,
            baa_url: 'https://smile.example.com/baa',
            updated_at: '2026-11-01T00:00:00.000Z',
          },
        }),
      ),
    });
    // Below the fold, the section waits until it is wanted: nothing of it loads with the page.
    await screen.findByRole('heading', { name: 'Smile Scheduler', level: 1 });
    expect(screen.queryByRole('region', { name: 'Permissions' })).toBeNull();
    expect(calls('GET').filter((r) => /data-access|reviews/.test(r.path))).toEqual([]);
    // The visitor scrolls towards it.
    fireEvent.scroll(window);
    const section = await screen.findByRole('region', { name: 'Permissions' });
    expect(await within(section).findByText('Patients')).toBeTruthy();
    expect(
      within(section)
        .getByRole('link', { name: /Business Associate Agreement/ })
        .getAttribute('href'),
    ).toBe('https://smile.example.com/baa');
    expect(calls('GET /api/marketplace/apps/app-paid/data-access')).toHaveLength(1);
  });
});
