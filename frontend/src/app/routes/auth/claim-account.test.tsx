import {
  CLAIM_ACCOUNT_CREATED,
  CLAIM_ACCOUNT_EXISTS,
  CLAIM_LINK_INVALID,
  CLAIM_LINKED,
} from '@shared/schemas/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getRole, getToken } from '@/lib/auth-storage';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { purchasesHandlers } from '@/testing/handlers/purchases';
import { fillIn, renderRoute } from '@/testing/render-route';
import { calls, failing, HttpResponse, http, serve } from '@/testing/server';

const ADDRESS = 'frontdesk@riverside.example';

/** The claim routes: the link's preview (`exists`: an account holds the address) and what creating answers. */
function claimHandlers(opts: { exists?: boolean } = {}) {
  return [
    http.post('/api/claim-account/preview', () =>
      HttpResponse.json({ email: ADDRESS, account_exists: opts.exists ?? false }),
    ),
    http.post('/api/claim-account', () =>
      HttpResponse.json(
        { access_token: 'practice-token', token_type: 'bearer', role: 'practice', message: CLAIM_ACCOUNT_CREATED },
        { status: 201 },
      ),
    ),
    http.post('/api/claim-account/attach', () =>
      HttpResponse.json({ message: CLAIM_LINKED(ADDRESS), outcome: 'linked' }),
    ),
  ];
}

async function openClaim(path = '/claim-account?token=tok-123', role?: 'developer' | 'practice' | 'admin') {
  const view = renderRoute(path, role ? { role } : {});
  await screen.findByRole('heading', { name: 'Create your practice account' }, { timeout: 10_000 });
  return view;
}

/** Fills the form (a practice "Riverside Dental", its contact, a password and `confirm`) once the link's address shows, and sends it. */
async function submitClaim(confirm = 'a chosen password') {
  await screen.findByText(ADDRESS);
  fillIn(/Practice Name/, 'Riverside Dental');
  fillIn(/Contact Name/, 'Front Desk');
  fillIn(/^Password/, 'a chosen password');
  fillIn(/Confirm Password/, confirm);
  fireEvent.click(screen.getByRole('button', { name: 'Create practice account' }));
}

describe('claim account (/claim-account)', () => {
  it("creates a practice account for the link's address and signs it in on My Purchases", async () => {
    serve(accountsHandlers(), purchasesHandlers(), claimHandlers());
    const { location } = await openClaim();
    expect(await screen.findByText(ADDRESS)).toBeTruthy();
    // The address comes from the link: the form has no e-mail field.
    expect(screen.queryByLabelText(/Email/)).toBeNull();
    await submitClaim();

    await waitFor(() => expect(location().pathname).toBe('/marketplace/my-purchases'));
    expect(calls('POST /api/claim-account').map((r) => r.body)).toEqual([
      { token: 'tok-123', company_name: 'Riverside Dental', full_name: 'Front Desk', password: 'a chosen password' },
    ]);
    expect(calls('POST /api/claim-account/preview')[0]?.body).toEqual({ token: 'tok-123' });
    expect(getToken()).toBe('practice-token');
    expect(getRole()).toBe('practice');
  });

  it('checks the confirmation before sending anything', async () => {
    serve(accountsHandlers(), claimHandlers());
    await openClaim();
    await submitClaim('another password');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(calls('POST /api/claim-account')).toHaveLength(0);
  });

  it("shows the server's detail when the link was used meanwhile, and stays signed out", async () => {
    serve(accountsHandlers(), claimHandlers(), failing('POST /api/claim-account', 400, CLAIM_LINK_INVALID));
    const { location } = await openClaim();
    await submitClaim();
    expect(await screen.findByText(CLAIM_LINK_INVALID)).toBeTruthy();
    expect(location().pathname).toBe('/claim-account');
    expect(getToken()).toBeNull();
  });

  it('sends an address that has an account to sign in first, offering no form', async () => {
    serve(accountsHandlers(), claimHandlers({ exists: true }));
    await openClaim();
    expect(await screen.findByText(CLAIM_ACCOUNT_EXISTS)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create practice account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?return=${encodeURIComponent('/claim-account?token=tok-123')}`,
    );
  });

  it('says an expired or used link is invalid', async () => {
    serve(accountsHandlers(), failing('POST /api/claim-account/preview', 400, CLAIM_LINK_INVALID));
    await openClaim();
    expect(await screen.findByText(CLAIM_LINK_INVALID)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create practice account' })).toBeNull();
  });
});
