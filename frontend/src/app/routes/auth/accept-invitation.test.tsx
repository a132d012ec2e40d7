import { MSG } from '@shared/messages';
import { INVITATION_ACCEPTED, INVITATION_LINK_INVALID } from '@shared/schemas/accounts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/auth-storage';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { fillIn, renderRoute } from '@/testing/render-route';
import { answering, calls, failing, serve } from '@/testing/server';

/** Opens the invitation link with `token` and submits the password and its confirmation. */
async function setPassword(token: string, password: string, confirm: string) {
  const view = renderRoute(`/accept-invitation?token=${token}`);
  await screen.findByRole('heading', { name: 'Set your password' }, { timeout: 10_000 });
  fillIn(/^Password/, password);
  fillIn(/Confirm Password/, confirm);
  fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
  return view;
}

describe('accept invitation (/accept-invitation)', () => {
  it('sets the password with the token, says the account awaits approval and leads to sign in', async () => {
    serve(accountsHandlers(), answering('POST /api/accept-invitation', { message: INVITATION_ACCEPTED }));
    await setPassword('inv-123', 'legacy-secret1', 'legacy-secret1');
    expect(await screen.findByText(INVITATION_ACCEPTED)).toBeTruthy();
    expect(calls('POST /api/accept-invitation').map((r) => r.body)).toEqual([
      { token: 'inv-123', password: 'legacy-secret1' },
    ]);
    expect(screen.getByRole('link', { name: 'Continue to sign in' }).getAttribute('href')).toBe('/login');
    // Setting the password signs nobody in: the developer signs in with it.
    expect(getToken()).toBeNull();
  });

  it('checks the confirmation before sending anything', async () => {
    serve(accountsHandlers());
    await setPassword('inv-123', 'legacy-secret1', 'legacy-secret2');
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(calls('POST /api/accept-invitation')).toHaveLength(0);
  });

  it("shows the server's detail for a used or expired link and keeps the form", async () => {
    serve(accountsHandlers(), failing('POST /api/accept-invitation', 400, INVITATION_LINK_INVALID));
    await setPassword('old', 'legacy-secret1', 'legacy-secret1');
    expect(await screen.findByText(INVITATION_LINK_INVALID)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set password' })).toBeTruthy();
  });

  it('explains a link without a token', async () => {
    serve(accountsHandlers());
    renderRoute('/accept-invitation');
    expect(await screen.findByText(INVITATION_LINK_INVALID, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
  });
});
