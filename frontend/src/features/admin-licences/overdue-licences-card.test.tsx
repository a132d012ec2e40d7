import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsHandlers } from '../../testing/handlers/accounts';
import { adminAppsHandlers } from '../../testing/handlers/admin-apps';
import { adminMailHandlers } from '../../testing/handlers/admin-mail';
import { syncHandlers } from '../../testing/handlers/sync';
import { renderRoute } from '../../testing/render-route';
import { fail, HttpResponse, http, serve } from '../../testing/server';

describe('Admin Dashboard: overdue manual licences', { timeout: 30_000 }, () => {
  it('shows how many manual licences are overdue past 24 hours', async () => {
    serve(
      accountsHandlers(),
      syncHandlers({}).handlers,
      adminAppsHandlers().handlers,
      adminMailHandlers().handlers,
      http.get('/api/admin/manual-licences', () =>
        HttpResponse.json({ licences: [{}, {}, {}], overdue_count: 2, overdue_hours: 24 }),
      ),
    );
    renderRoute('/admin', { role: 'admin' });
    const text = await screen.findByTestId('overdue-licences', {}, { timeout: 10_000 });
    expect(text.textContent).toBe('2 overdue past 24 hours (3 pending in all)');
  });

  it("shows the server's detail when the count cannot be loaded", async () => {
    serve(
      accountsHandlers(),
      syncHandlers({}).handlers,
      adminAppsHandlers().handlers,
      adminMailHandlers().handlers,
      http.get('/api/admin/manual-licences', () => fail(500, 'Database unavailable')),
    );
    renderRoute('/admin', { role: 'admin' });
    expect(await screen.findByText('Database unavailable', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
