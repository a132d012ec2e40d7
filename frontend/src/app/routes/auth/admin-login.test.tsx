import { SIGN_IN_LINK_REQUIRED, SIGN_IN_LINK_SENT } from '@shared/schemas/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getRole, getToken } from '@/lib/auth-storage';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { developerHandlers } from '@/testing/handlers/developer';
import { fillIn, renderRoute } from '@/testing/render-route';
import { answering, calls, failing, serve } from '@/testing/server';

async function signIn(path = '/admin-login', email = 'admin@example.com', password = 'secret1') {
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Admin sign in' });
  fillIn('Admin email', email);
  fillIn('Password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Sign In as Admin' }));
  return view;
}

describe('admin login (/admin-login)', () => {
  it('past the daily budget of failures offers a mailed sign-in link, as the developer form does', async () => {
    serve(
      accountsHandlers(),
      failing('POST /api/admin-login', 429, SIGN_IN_LINK_REQUIRED),
      answering('POST /api/login/email-link', { message: SIGN_IN_LINK_SENT }),
    );
    expect(screen.queryByRole('button', { name: /Email me a sign-in link/ })).toBeNull();
    await signIn();
    expect(await screen.findByText(SIGN_IN_LINK_REQUIRED)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /Email me a sign-in link/ }));
    expect(await screen.findByText(SIGN_IN_LINK_SENT)).toBeTruthy();
    expect(calls('POST /api/login/email-link')[0]?.body).toEqual({ email: 'admin@example.com' });
    expect(getToken()).toBeNull();
  });

  it('requires both fields', async () => {
    serve(accountsHandlers());
    await signIn('/admin-login', '', 'secret1');
    expect(await screen.findByText('Please fill in both email and password')).toBeTruthy();
    expect(calls('POST /api/admin-login')).toHaveLength(0);
  });

  it('rejects a response without a token and role', async () => {
    serve(accountsHandlers(), answering('POST /api/admin-login', { access_token: 'x' }));
    await signIn();
    expect(await screen.findByText('Invalid response from server. Please try again.')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it("shows the server's detail, else the admin fallback", async () => {
    serve(accountsHandlers(), failing('POST /api/admin-login', 403, 'Not an admin account'));
    await signIn();
    expect(await screen.findByText('Not an admin account')).toBeTruthy();
    serve(failing('POST /api/admin-login', 500));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In as Admin' }));
    expect(await screen.findByText('Admin login failed. Please try again.')).toBeTruthy();
  });

  it('opens /admin for an admin and ignores ?return=', async () => {
    serve(accountsHandlers());
    const { location } = await signIn('/admin-login?return=%2Fterms');
    await waitFor(() => expect(location().pathname).toBe('/admin'));
    expect(getRole()).toBe('admin');
  });

  it('opens /dashboard when the account is not an admin', async () => {
    serve(
      accountsHandlers(),
      developerHandlers(),
      answering('POST /api/admin-login', { access_token: 'd', role: 'developer' }),
    );
    const { location } = await signIn();
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
  });
});
