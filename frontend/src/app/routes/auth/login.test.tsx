import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_SENT } from '@shared/schemas/accounts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
// The type import brings the page's `window.google` declaration into this test's type world.
import type { GoogleIdentity } from '@/features/auth/lib/google-identity';
import { getRole, getToken } from '@/lib/auth-storage';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { developerHandlers } from '@/testing/handlers/developer';
import { emptyMarketplaceHandlers } from '@/testing/handlers/marketplace';
import { fillIn, renderRoute } from '@/testing/render-route';
import { answering, calls, failing, serve } from '@/testing/server';

async function openLogin(path = '/login') {
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Welcome back' });
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Sign In' }));
  const fill = async (email: string, password: string) => {
    fillIn('Email', email);
    fillIn('Password', password);
  };
  return { ...view, submit, fill };
}

describe('login (/login)', () => {
  it('after repeated failures offers a mailed sign-in link instead of the wait', async () => {
    const locked = 'Too many failed login attempts. Please try again in 15 minutes.';
    serve(
      accountsHandlers(),
      failing('POST /api/login', 429, locked),
      answering('POST /api/login/email-link', { message: SIGN_IN_LINK_SENT }),
    );
    const { fill, submit, user } = await openLogin();
    expect(screen.queryByRole('button', { name: /Email me a sign-in link/ })).toBeNull();
    await fill('dev@example.com', 'wrong-password');
    await submit();
    expect(await screen.findByText(locked)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /Email me a sign-in link/ }));
    expect(await screen.findByText(SIGN_IN_LINK_SENT)).toBeTruthy();
    expect(calls('POST /api/login/email-link')[0]?.body).toEqual({ email: 'dev@example.com' });
  });

  it('signs in with a mailed link by its button', async () => {
    serve(
      accountsHandlers(),
      developerHandlers(),
      answering('POST /api/login/link', { access_token: 'link-token', role: 'developer' }),
    );
    const { user, location } = renderRoute('/login/link?token=abc');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(getToken()).toBe('link-token');
    expect(calls('POST /api/login/link')[0]?.body).toEqual({ token: 'abc' });
  });

  it('tells the holder of a spent sign-in link', async () => {
    serve(accountsHandlers(), failing('POST /api/login/link', 400, SIGN_IN_LINK_INVALID));
    const { user } = renderRoute('/login/link?token=used');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(SIGN_IN_LINK_INVALID)).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('asks for both fields and sends nothing when one is empty', async () => {
    serve(accountsHandlers());
    const { fill, submit } = await openLogin();
    await fill('dev@example.com', '');
    await submit();
    expect(await screen.findByText('Please fill in both email and password')).toBeTruthy();
    expect(calls('POST /api/login')).toHaveLength(0);
  });

  it("shows the server's detail when the login is refused", async () => {
    serve(accountsHandlers(), failing('POST /api/login', 401, 'Invalid email or password'));
    const { fill, submit, location } = await openLogin();
    await fill('dev@example.com', 'wrong-password');
    await submit();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(location().pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('falls back to the generic text when the server gives no detail', async () => {
    serve(accountsHandlers(), failing('POST /api/login', 500));
    const { fill, submit } = await openLogin();
    await fill('dev@example.com', 'secret1');
    await submit();
    expect(await screen.findByText('Login failed. Please try again.')).toBeTruthy();
  });

  it('stores the session and opens the dashboard', async () => {
    serve(accountsHandlers(), developerHandlers());
    const { fill, submit, location } = await openLogin();
    await fill(' dev@example.com ', 'secret1');
    await submit();
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(getToken()).toBe('dev-token');
    expect(getRole()).toBe('developer');
    expect(calls('POST /api/login')[0]?.body).toEqual({ email: 'dev@example.com', password: 'secret1' });
  });

  it('sends an admin to /admin', async () => {
    serve(accountsHandlers(), answering('POST /api/login', { access_token: 't', role: 'admin' }));
    const { fill, submit, location } = await openLogin();
    await fill('admin@example.com', 'secret1');
    await submit();
    await waitFor(() => expect(location().pathname).toBe('/admin'));
  });

  it('returns to a same-site ?return= path', async () => {
    serve(accountsHandlers(), emptyMarketplaceHandlers());
    const { fill, submit, location } = await openLogin(
      '/login?return=%2Fmarketplace%2Fapp%2Fsmile-scheduler%3Fcheckout%3Dtrue',
    );
    await fill('dev@example.com', 'secret1');
    await submit();
    await waitFor(() => expect(location().pathname).toBe('/marketplace/app/smile-scheduler'));
    expect(location().search).toBe('?checkout=true');
  });

  it('ignores a ?return= that leaves the site', async () => {
    serve(accountsHandlers(), developerHandlers());
    const { fill, submit, location } = await openLogin('/login?return=%2F%2Fevil.example%2Fphish');
    await fill('dev@example.com', 'secret1');
    await submit();
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
  });

  it('disables Google sign-in when the deployment has no client id', async () => {
    serve(accountsHandlers({ googleClientId: null }));
    await openLogin();
    expect(await screen.findByText('Google sign-in is not configured')).toBeTruthy();
    const google = screen.getByRole('button', { name: /Continue with Google/ }) as HTMLButtonElement;
    expect(google.disabled).toBe(true);
  });

  it('announces that single sign-on is coming soon', async () => {
    serve(accountsHandlers());
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with SSO' }));
    expect(await screen.findByText('Single sign-on is coming soon')).toBeTruthy();
  });

  it('links to password reset and signup', async () => {
    serve(accountsHandlers());
    await openLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });
});

describe('Google sign-in', () => {
  /** Installs a fake Google Identity Services script; `signIn` plays the user choosing an account. */
  function fakeGoogle() {
    let callback: ((r: { credential?: string }) => void) | undefined;
    const google: GoogleIdentity = {
      accounts: {
        id: {
          initialize: (opts) => {
            callback = opts.callback;
          },
          renderButton: (parent) => {
            parent.textContent = 'Google button';
          },
          prompt: () => {},
        },
      },
    };
    window.google = google;
    return {
      ready: () => waitFor(() => expect(callback).toBeDefined()),
      signIn: () => act(async () => callback?.({ credential: 'google-id-token' })),
    };
  }
  afterEach(() => {
    window.google = undefined;
  });

  it('exchanges the Google credential and starts the session', async () => {
    const google = fakeGoogle();
    serve(
      accountsHandlers({ googleClientId: 'client-123' }),
      developerHandlers(),
      answering('POST /api/google-login', { access_token: 'g-token' }),
    );
    const { location } = await openLogin();
    expect(await screen.findByText('Google button')).toBeTruthy();
    await google.signIn();
    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(calls('POST /api/google-login')[0]?.body).toEqual({ token: 'google-id-token' });
    expect(getToken()).toBe('g-token');
    expect(getRole()).toBe('developer');
  });

  it("shows the server's detail or the Google fallback", async () => {
    const google = fakeGoogle();
    serve(accountsHandlers({ googleClientId: 'client-123' }), failing('POST /api/google-login', 500));
    await openLogin();
    await google.ready();
    await google.signIn();
    expect(await screen.findByText('Google login failed. Please try again.')).toBeTruthy();
  });
});
