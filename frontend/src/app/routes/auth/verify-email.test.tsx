import { MSG } from '@shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { renderRoute } from '@/testing/render-route';
import { answering, calls, failing, serve } from '@/testing/server';

describe('verify email (/verify-email)', () => {
  it('sends the token once and confirms', async () => {
    serve(accountsHandlers(), answering('POST /api/verify-email', { message: MSG.emailVerified }));
    renderRoute('/verify-email?token=tok123');
    expect(await screen.findByText(MSG.emailVerified)).toBeTruthy();
    expect(calls('POST /api/verify-email')).toHaveLength(1);
    expect(calls('POST /api/verify-email')[0]?.body).toEqual({ token: 'tok123' });
  });

  it("shows the server's detail for a used or expired link", async () => {
    serve(accountsHandlers(), failing('POST /api/verify-email', 400, MSG.verifyLinkInvalid));
    renderRoute('/verify-email?token=old');
    expect(await screen.findByText(MSG.verifyLinkInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to request a new link' }).getAttribute('href')).toBe('/login');
  });
});
