import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountsHandlers } from '../testing/handlers/accounts';
import { adminAppsHandlers } from '../testing/handlers/admin-apps';
import { adminMailHandlers } from '../testing/handlers/admin-mail';
import { developerHandlers } from '../testing/handlers/developer';
import { emptyMarketplaceHandlers } from '../testing/handlers/marketplace';
import { purchasesHandlers } from '../testing/handlers/purchases';
import { syncHandlers } from '../testing/handlers/sync';
import { renderRoute } from '../testing/render-route';
import { serve } from '../testing/server';

describe('route guards', () => {
  beforeEach(() => {
    serve(accountsHandlers(), developerHandlers(), emptyMarketplaceHandlers(), purchasesHandlers());
  });

  it('sends a visitor without a token from the developer area to /login', async () => {
    const { location } = renderRoute('/dashboard/api-keys');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(location().pathname).toBe('/login');
  });

  it('sends a developer who opens the admin area to /admin-login, with a notice', async () => {
    const { location } = renderRoute('/admin/users', { role: 'developer' });
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeTruthy();
    expect(location().pathname).toBe('/admin-login');
    expect(screen.getByText(/signed in with a developer account/)).toBeTruthy();
  });

  it('sends a visitor without a token from the admin area to /admin-login', async () => {
    const { location } = renderRoute('/admin');
    await waitFor(() => expect(location().pathname).toBe('/admin-login'));
  });

  it.each([
    ['/login', 'developer', '/dashboard'],
    ['/signup', 'developer', '/dashboard'],
    ['/portal', 'developer', '/dashboard'],
    ['/forgot-password', 'developer', '/dashboard'],
    ['/login', 'admin', '/admin'],
    ['/admin-login', 'admin', '/admin'],
    ['/admin-login', 'developer', '/dashboard'],
    ['/login', 'practice', '/marketplace/my-purchases'],
  ] as const)('redirects %s with a stored %s token to %s', async (path, role, target) => {
    const { location } = renderRoute(path, { role });
    await waitFor(() => expect(location().pathname).toBe(target));
  });

  it('lets a developer into the developer area', async () => {
    const { location } = renderRoute('/dashboard', { role: 'developer' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('Developer Portal')).toBeTruthy();
    expect(location().pathname).toBe('/dashboard');
  });

  it('lets an admin into the admin area', async () => {
    serve(syncHandlers({}).handlers, adminAppsHandlers().handlers, adminMailHandlers().handlers);
    renderRoute('/admin', { role: 'admin' });
    // The first visit imports the lazy admin route: allow for a busy machine.
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' }, { timeout: 12_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Queue/ }).getAttribute('href')).toBe('/admin/queue');
  });

  it('needs the developer role for My Purchases', async () => {
    const { location } = renderRoute('/marketplace/my-purchases');
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });

  it('shows My Purchases to a developer, with its empty state', async () => {
    renderRoute('/marketplace/my-purchases', { role: 'developer' });
    expect(await screen.findByText('No licenses purchased yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Marketplace' }).getAttribute('href')).toBe('/');
  });

  it("shows My Purchases to a practice (a deviation from the spec's developer-only guard), never the developer portal", async () => {
    renderRoute('/marketplace/my-purchases', { role: 'practice' });
    expect(await screen.findByText('No licenses purchased yet')).toBeTruthy();
    const { location } = renderRoute('/dashboard', { role: 'practice' });
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(
      await screen.findByText(
        "You're signed in with a practice account. Sign in with a developer account to open that page.",
      ),
    ).toBeTruthy();
  });

  it("does not offer a practice the developer portal in the marketplace's top bar", async () => {
    renderRoute('/', { role: 'developer' });
    const developerBar = within(await screen.findByRole('banner'));
    await waitFor(() => expect(developerBar.getByText('Developer Portal')).toBeTruthy());
    cleanup();
    renderRoute('/', { role: 'practice' });
    const practiceBar = within(await screen.findByRole('banner'));
    await waitFor(() => expect(practiceBar.getByText('My Purchases')).toBeTruthy());
    expect(practiceBar.queryByText('Developer Portal')).toBeNull();
  });

  it.each(['/no/such/page', '/marketplace'])('redirects %s to /', async (path) => {
    const { location } = renderRoute(path);
    await waitFor(() => expect(location().pathname).toBe('/'));
  });
});
