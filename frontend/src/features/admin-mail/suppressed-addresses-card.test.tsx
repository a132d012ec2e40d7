import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsHandlers } from '../../testing/handlers/accounts';
import { syncHandlers } from '../../testing/handlers/sync';
import { renderRoute } from '../../testing/render-route';
import { bodyOf, calls, HttpResponse, http, serve } from '../../testing/server';

describe('Admin Dashboard: suppressed e-mail addresses', { timeout: 30_000 }, () => {
  it('lists bounced and complaining addresses and lifts one', async () => {
    let list = [
      {
        email: 'gone@example.com',
        reason: 'bounce',
        detail: 'Permanent (General)',
        suppressed_at: '2026-11-20T10:00:00Z',
      },
      {
        email: 'angry@example.com',
        reason: 'complaint',
        detail: 'Complaint (abuse)',
        suppressed_at: '2026-11-19T10:00:00Z',
      },
    ];
    serve(accountsHandlers(), syncHandlers({}).handlers, [
      http.get('/api/admin/manual-licences', () =>
        HttpResponse.json({ licences: [], overdue_count: 0, overdue_hours: 24 }),
      ),
      http.get('/api/admin/mail-suppressions', () => HttpResponse.json(list)),
      http.post('/api/admin/mail-suppressions/lift', async ({ request }) => {
        const { email } = await bodyOf<{ email: string }>(request);
        list = list.filter((s) => s.email !== email);
        return HttpResponse.json({ message: 'The address will receive mail again' });
      }),
    ]);
    renderRoute('/admin', { role: 'admin' });
    const table = await screen.findByRole('table', { name: 'Suppressed addresses' }, { timeout: 10_000 });
    expect(table.textContent).toContain('gone@example.com');
    expect(table.textContent).toContain('Bounced');
    expect(table.textContent).toContain('Complaint');

    fireEvent.click(screen.getByRole('button', { name: 'Mail gone@example.com again' }));
    expect(await screen.findByText('gone@example.com: The address will receive mail again')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Suppressed addresses' }).textContent).not.toContain('gone@'),
    );
    expect(calls().some((r) => r.path === '/api/admin/mail-suppressions/lift')).toBe(true);
  });
});
