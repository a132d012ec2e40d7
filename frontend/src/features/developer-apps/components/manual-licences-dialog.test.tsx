import { MANUAL_DETAILS_REQUIRED, MANUAL_LICENCE_DONE } from '@shared/schemas/manual-licences';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { developerAppsHandlers, ownAppFixture } from '@/testing/handlers/developer-apps';
import { fillIn, renderRoute } from '@/testing/render-route';
import { answering, calls, fail, failing, HttpResponse, http, serve } from '@/testing/server';

const pending = (over: Record<string, unknown> = {}) => ({
  purchase_id: 'p-1',
  app_id: 'pub-manual',
  app_name: 'Perio Pal',
  buyer_email: 'buyer@clinic.example',
  buyer_name: 'Dr Buyer',
  pending_since: '2026-01-01T08:00:00.000Z',
  overdue: true,
  ...over,
});

async function open(licences = [pending()]) {
  let list = licences;
  const apps = developerAppsHandlers({
    apps: [ownAppFixture({ id: 'pub-manual', name: 'Perio Pal', type: 'public', is_approved: true })],
  });
  serve(accountsHandlers(), apps.handlers, [
    answering('GET /api/manual-licences', { licences: list, next_cursor: null }),
    http.post<{ id: string }>('/api/manual-licences/:id/complete', ({ params }) => {
      if (!list.some((l) => l.purchase_id === params.id)) return fail(409, MANUAL_LICENCE_DONE);
      list = list.filter((l) => l.purchase_id !== params.id);
      return HttpResponse.json({ message: 'ok', purchase_id: params.id, license_status: 'active', license_key: null });
    }),
  ]);
  const view = renderRoute('/dashboard/apps', { role: 'developer' });
  await screen.findByRole('heading', { name: 'My Apps' });
  return view;
}

afterEach(() => toaster.remove());

describe('Pending Licenses dialog (My Apps)', () => {
  it('shows the per-app count, refuses an empty form, and sends the access details', async () => {
    const { user } = await open();
    const row = within(await screen.findByTestId('app-row-pub-manual'));
    await user.click(await row.findByRole('button', { name: /Pending Licenses \(1\)/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Dr Buyer <buyer@clinic.example>')).toBeTruthy();
    expect(dialog.getByText('Overdue')).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Send and mark delivered' }));
    expect(await dialog.findByText(MANUAL_DETAILS_REQUIRED)).toBeTruthy();
    expect(calls('POST /api/manual-licences/p-1/complete')).toHaveLength(0);

    fillIn('Access details', 'Sign in at https://perio.example with your email');
    await user.click(dialog.getByRole('button', { name: 'Send and mark delivered' }));
    await waitFor(() => expect(calls('POST /api/manual-licences/p-1/complete')).toHaveLength(1));
    expect(calls('POST /api/manual-licences/p-1/complete')[0]?.body).toEqual({
      access_details: 'Sign in at https://perio.example with your email',
    });
    expect(await dialog.findByText('No buyers are waiting for access.')).toBeTruthy();
  });

  it("shows the server's detail when completing fails", async () => {
    const { user } = await open();
    serve(failing('POST /api/manual-licences/:id/complete', 409, MANUAL_LICENCE_DONE));
    const row = within(await screen.findByTestId('app-row-pub-manual'));
    await user.click(await row.findByRole('button', { name: /Pending Licenses \(1\)/ }));
    const dialog = within(await screen.findByRole('dialog'));
    fillIn('License key (optional)', 'KEY-123');
    await user.click(dialog.getByRole('button', { name: 'Send and mark delivered' }));
    expect(await dialog.findByText(MANUAL_LICENCE_DONE)).toBeTruthy();
  });

  it('loads the next page on "Load more" while the list has a next cursor, then stops offering it', async () => {
    const { user } = await open();
    const second = pending({ purchase_id: 'p-2', buyer_name: 'Dr Later', buyer_email: 'later@clinic.example' });
    serve(
      http.get('/api/manual-licences', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(
          cursor === 'c-1' ? { licences: [second], next_cursor: null } : { licences: [pending()], next_cursor: 'c-1' },
        );
      }),
    );
    const row = within(await screen.findByTestId('app-row-pub-manual'));
    await user.click(await row.findByRole('button', { name: /Pending Licenses \(1\)/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Dr Buyer <buyer@clinic.example>')).toBeTruthy();
    expect(dialog.queryByText('Dr Later <later@clinic.example>')).toBeNull();

    await user.click(await dialog.findByRole('button', { name: 'Load more pending licenses' }));
    expect(await dialog.findByText('Dr Later <later@clinic.example>')).toBeTruthy();
    expect(dialog.getByText('Dr Buyer <buyer@clinic.example>')).toBeTruthy();
    expect(calls('GET /api/manual-licences').map((c) => c.query.get('cursor'))).toContain('c-1');
    await waitFor(() => expect(dialog.queryByRole('button', { name: 'Load more pending licenses' })).toBeNull());
  });
});
