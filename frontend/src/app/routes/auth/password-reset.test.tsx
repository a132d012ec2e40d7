import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { fillIn, renderRoute } from '@/testing/render-route';
import { answering, calls, failing, serve } from '@/testing/server';

describe('forgot password (/forgot-password)', () => {
  it("shows the server's message, or the default text", async () => {
    serve(accountsHandlers(), answering('POST /api/forgot-password', {}));
    renderRoute('/forgot-password');
    await screen.findByRole('heading', { name: 'Reset your password' });
    fillIn('Email', 'dana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If this email exists, a reset link was sent.')).toBeTruthy();
    expect(calls('POST /api/forgot-password')[0]?.body).toEqual({ email: 'dana@example.com' });
  });

  it('shows the failure text', async () => {
    serve(accountsHandlers(), failing('POST /api/forgot-password', 500));
    renderRoute('/forgot-password');
    await screen.findByRole('heading', { name: 'Reset your password' });
    fillIn('Email', 'dana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed to request reset link.')).toBeTruthy();
  });
});

/** Opens the link with `token` and submits the new password and its confirmation. */
async function resetWith(token: string, password: string, confirm: string) {
  renderRoute(`/reset-password?token=${token}`);
  await screen.findByRole('heading', { name: 'Choose a new password' });
  fillIn('New Password', password);
  fillIn('Confirm New Password', confirm);
  fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
}

describe('reset password (/reset-password)', () => {
  it('checks the confirmation, then sends the token and the new password', async () => {
    serve(accountsHandlers());
    await resetWith('abc123', 'newsecret', 'different');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(calls('POST /api/reset-password')).toHaveLength(0);

    fillIn('Confirm New Password', 'newsecret');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset. You can now sign in.')).toBeTruthy();
    expect(calls('POST /api/reset-password')[0]?.body).toEqual({ token: 'abc123', password: 'newsecret' });
    expect(screen.getByRole('link', { name: 'Continue to sign in' }).getAttribute('href')).toBe('/login');
  });

  it("shows the server's detail for an expired link", async () => {
    serve(accountsHandlers(), failing('POST /api/reset-password', 400, 'This reset link is invalid or has expired.'));
    await resetWith('old', 'newsecret', 'newsecret');
    expect(await screen.findByText('This reset link is invalid or has expired.')).toBeTruthy();
  });

  it('explains a link without a token', async () => {
    serve(accountsHandlers());
    renderRoute('/reset-password');
    expect(await screen.findByText('This reset link is invalid or incomplete.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});
