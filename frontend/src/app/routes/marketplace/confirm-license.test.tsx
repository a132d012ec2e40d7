import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeServer, ok } from '../../../testing/fake-server';
import { accountsHandlers } from '../../../testing/handlers/accounts';
import { renderRoute } from '../../../testing/render-route';
import { CONFIRM_LICENSE_INVALID, CONFIRM_LICENSE_TITLE } from './confirm-license';

const CONFIRM = 'POST /api/stripe/confirm-guest-license';

describe('Confirm a guest licence (/marketplace/confirm-license)', () => {
  it('grants nothing on opening; the button confirms and goes to the success page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const server = fakeServer(accountsHandlers(), {
      [CONFIRM]: () =>
        ok({ checkout_url: '/marketplace/purchase-success?session_id=s1&new_account=true', session_id: 's1' }),
    });
    renderRoute('/marketplace/confirm-license?token=abcdefghijklmnopqrstuvwx');
    await screen.findByRole('heading', { name: CONFIRM_LICENSE_TITLE });
    expect(server.requests.filter((r) => r.path === '/api/stripe/confirm-guest-license')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and get my license' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/marketplace/purchase-success?session_id=s1&new_account=true'),
    );
    expect(server.requests.find((r) => r.path === '/api/stripe/confirm-guest-license')?.body).toEqual({
      token: 'abcdefghijklmnopqrstuvwx',
    });
    vi.unstubAllGlobals();
  });

  it("shows the server's reason when the link is no longer valid", async () => {
    fakeServer(accountsHandlers(), { [CONFIRM]: () => fail(404, CONFIRM_LICENSE_INVALID) });
    renderRoute('/marketplace/confirm-license?token=abcdefghijklmnopqrstuvwx');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and get my license' }));
    expect(await screen.findByText(CONFIRM_LICENSE_INVALID)).toBeTruthy();
  });
});
