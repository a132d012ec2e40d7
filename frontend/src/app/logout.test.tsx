import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getRole, getToken } from '../lib/auth-storage';
import { accountsHandlers } from '../testing/handlers/accounts';
import { adminAppsHandlers } from '../testing/handlers/admin-apps';
import { adminMailHandlers } from '../testing/handlers/admin-mail';
import { developerHandlers } from '../testing/handlers/developer';
import { emptyMarketplaceHandlers } from '../testing/handlers/marketplace';
import { syncHandlers } from '../testing/handlers/sync';
import { renderRoute } from '../testing/render-route';
import { serve } from '../testing/server';

describe('logout', () => {
  it('from the developer portal: token and role removed, session storage cleared, back to /login', async () => {
    serve(accountsHandlers(), developerHandlers());
    const { location } = renderRoute('/dashboard', { role: 'developer' });
    localStorage.setItem('unrelated-preference', 'kept');
    sessionStorage.setItem('checkout_app_id', 'app-1');
    await screen.findByRole('heading', { name: 'Dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(getRole()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('unrelated-preference')).toBe('kept');
  });

  it('from the admin panel: all local storage cleared, back to /admin-login', async () => {
    serve(accountsHandlers(), syncHandlers({}).handlers, adminAppsHandlers().handlers, adminMailHandlers().handlers);
    const { location } = renderRoute('/admin', { role: 'admin' });
    localStorage.setItem('unrelated-preference', 'dropped');
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location().pathname).toBe('/admin-login'));
    expect(localStorage.length).toBe(0);
  });

  it('from the marketplace account menu: signed out, back to /', async () => {
    serve(accountsHandlers(), emptyMarketplaceHandlers());
    const { location, user } = renderRoute('/terms', { role: 'developer' });
    await user.click(await screen.findByRole('button', { name: /Account menu$/ }));
    expect(await screen.findByRole('menuitem', { name: 'API Keys' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(getToken()).toBeNull();
    expect(await screen.findAllByRole('link', { name: 'Sign In' })).toBeTruthy();
  });
});
