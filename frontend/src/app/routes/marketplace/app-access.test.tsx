import { INSTALL_MESSAGES } from '@shared/schemas/installs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { installFixture } from '@/testing/handlers/purchases';
import { renderRoute } from '@/testing/render-route';
import { answering, calls, failing, HttpResponse, http, serve } from '@/testing/server';

afterEach(() => toaster.remove());

const install = installFixture({ id: 'i-1', app_id: 'a-1', app: { id: 'a-1', name: 'ChairTime', slug: null } });

describe("An app's access from the licence mail's link (/marketplace/app-access)", () => {
  it("shows what the app may use and revokes it after a confirmation, with the link's token", async () => {
    serve(
      accountsHandlers(),
      answering('POST /api/install-link', install),
      http.post('/api/install-link/revoke', () =>
        HttpResponse.json({ ...install, status: 'revoked', revoked_at: '2025-03-03T08:30:00.000Z' }),
      ),
    );
    renderRoute('/marketplace/app-access?token=tok.en');
    expect(await screen.findByText('Receives: appointment.created')).toBeTruthy();
    expect(screen.getByText('Access granted')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Revoke access/ }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getByText('Access revoked')).toBeTruthy());
    expect(screen.queryByRole('button', { name: /Revoke access/ })).toBeNull();
    expect(calls('POST /api/install-link/revoke').map((c) => c.body)).toEqual([{ token: 'tok.en', install_id: 'i-1' }]);
  });

  it('says so when the link is not valid', async () => {
    serve(accountsHandlers(), failing('POST /api/install-link', 400, INSTALL_MESSAGES.linkInvalid));
    renderRoute('/marketplace/app-access?token=forged');
    expect(await screen.findByText(INSTALL_MESSAGES.linkInvalid)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
  });
});
