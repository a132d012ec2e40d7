import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { adminAppsHandlers } from '@/testing/handlers/admin-apps';
import { adminMailHandlers } from '@/testing/handlers/admin-mail';
import { syncHandlers } from '@/testing/handlers/sync';
import { renderRoute } from '@/testing/render-route';
import { fail, HttpResponse, http, serve } from '@/testing/server';

describe('Admin Dashboard: overdue manual licences', { timeout: 30_000 }, () => {
  it.each([
    {
      name: 'shows how many manual licences are overdue past 24 hours',
      reply: () =>
        HttpResponse.json({
          licences: [{}, {}, {}],
          overdue_count: 2,
          pending_count: 3,
          overdue_hours: 24,
          next_cursor: null,
        }),
      text: '2 overdue past 24 hours (3 pending in all)',
    },
    {
      name: "shows the server's detail when the count cannot be loaded",
      reply: () => fail(500, 'Database unavailable'),
      text: 'Database unavailable',
    },
  ])('$name', async ({ reply, text }) => {
    serve(
      accountsHandlers(),
      syncHandlers({}).handlers,
      adminAppsHandlers().handlers,
      adminMailHandlers().handlers,
      http.get('/api/admin/manual-licences', reply),
    );
    renderRoute('/admin', { role: 'admin' });
    expect(await screen.findByText(text, {}, { timeout: 10_000 })).toBeTruthy();
  });
});
