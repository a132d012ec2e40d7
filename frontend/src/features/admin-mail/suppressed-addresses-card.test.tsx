import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { adminAppsHandlers } from '@/testing/handlers/admin-apps';
import { adminMailHandlers, suppressedAddressFixture } from '@/testing/handlers/admin-mail';
import { syncHandlers } from '@/testing/handlers/sync';
import { renderRoute } from '@/testing/render-route';
import { calls, serve } from '@/testing/server';

describe('Admin Dashboard: suppressed e-mail addresses', { timeout: 30_000 }, () => {
  it('lists bounced and complaining addresses and lifts one', async () => {
    const mail = adminMailHandlers({
      suppressed: [
        suppressedAddressFixture({ email: 'gone@example.com' }),
        suppressedAddressFixture({
          email: 'angry@example.com',
          reason: 'complaint',
          detail: 'Complaint (abuse)',
          suppressed_at: '2026-11-19T10:00:00Z',
        }),
      ],
    });
    serve(accountsHandlers(), syncHandlers({}).handlers, adminAppsHandlers().handlers, mail.handlers);
    renderRoute('/admin', { role: 'admin' });
    const table = await screen.findByRole('table', { name: 'Suppressed addresses' }, { timeout: 10_000 });
    expect(table.textContent).toContain('gone@example.com');
    expect(table.textContent).toContain('Bounced');
    expect(table.textContent).toContain('Complaint');

    fireEvent.click(screen.getByRole('button', { name: 'Lift gone@example.com: mail it again' }));
    expect(await screen.findByText('gone@example.com: The address will receive mail again')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Suppressed addresses' }).textContent).not.toContain('gone@'),
    );
    expect(calls('POST /api/admin/mail-suppressions/lift')[0]?.body).toEqual({ email: 'gone@example.com' });
    expect(mail.db.map((s) => s.email)).toEqual(['angry@example.com']);
  });

  it('reaches the older addresses with Load more (X-Next-Cursor)', async () => {
    const many = Array.from({ length: 53 }, (_, i) =>
      suppressedAddressFixture({ email: `gone${String(i).padStart(2, '0')}@example.com` }),
    );
    serve(
      accountsHandlers(),
      syncHandlers({}).handlers,
      adminAppsHandlers().handlers,
      adminMailHandlers({ suppressed: many }).handlers,
    );
    renderRoute('/admin', { role: 'admin' });
    const table = await screen.findByRole('table', { name: 'Suppressed addresses' }, { timeout: 10_000 });
    expect(table.textContent).toContain('gone49@example.com');
    expect(table.textContent).not.toContain('gone50@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Load more suppressed addresses' }));
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Suppressed addresses' }).textContent).toContain('gone52@example.com'),
    );
    expect(calls('GET /api/admin/mail-suppressions').some((c) => c.query.get('cursor') === '50')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more suppressed addresses' })).toBeNull());
  });
});
