import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { renderRoute } from '@/testing/render-route';
import { calls, failing, HttpResponse, http, serve } from '@/testing/server';
import { CONFIRM_LICENSE_INVALID, CONFIRM_LICENSE_TITLE } from './confirm-license';

const CONFIRM = '/api/stripe/confirm-guest-license';

describe('Confirm a guest licence (/marketplace/confirm-license)', () => {
  it('grants nothing on opening; the button confirms and goes to the success page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serve(
      accountsHandlers(),
      http.post(CONFIRM, () =>
        HttpResponse.json({
          checkout_url: '/marketplace/purchase-success?session_id=s1&new_account=true',
          session_id: 's1',
        }),
      ),
    );
    renderRoute('/marketplace/confirm-license?token=abcdefghijklmnopqrstuvwx');
    await screen.findByRole('heading', { name: CONFIRM_LICENSE_TITLE });
    expect(calls(`POST ${CONFIRM}`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and get my license' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/marketplace/purchase-success?session_id=s1&new_account=true'),
    );
    expect(calls(`POST ${CONFIRM}`)[0]?.body).toEqual({
      token: 'abcdefghijklmnopqrstuvwx',
    });
    vi.unstubAllGlobals();
  });

  it("shows the server's reason when the link is no longer valid", async () => {
    serve(accountsHandlers(), failing(`POST ${CONFIRM}`, 404, CONFIRM_LICENSE_INVALID));
    renderRoute('/marketplace/confirm-license?token=abcdefghijklmnopqrstuvwx');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm and get my license' }));
    expect(await screen.findByText(CONFIRM_LICENSE_INVALID)).toBeTruthy();
  });
});
