/**
 * Material edits of an approved app (a rename to "URGENT: verify your practice
 * account at evil.example") are shown to admins on the Admin Dashboard and in App Management,
 * where the admin marks them reviewed. The API side is test/security/approved-app-edits.test.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { adminAppFixture, adminAppsHandlers } from '@/testing/handlers/admin-apps';
import { adminMailHandlers } from '@/testing/handlers/admin-mail';
import { syncHandlers } from '@/testing/handlers/sync';
import { renderRoute } from '@/testing/render-route';
import { calls, HttpResponse, http, serve } from '@/testing/server';

const PHISH = 'URGENT: verify your practice account at evil.example';

const seed = () => [
  adminAppFixture({
    id: 'renamed',
    name: PHISH,
    is_approved: true,
    review_flag: {
      fields: ['name', 'description', 'webhook_license_url'],
      flagged_at: '2026-11-26T09:00:00.000Z',
      changes: [
        { field: 'name', before: 'Perio Notes', after: PHISH },
        { field: 'description', before: 'Charting helper', after: 'Log in at evil.example' },
        { field: 'webhook_license_url', before: 'https://perio.example/…', after: 'https://evil.example/…' },
      ],
    },
  }),
  adminAppFixture({ id: 'calm', name: 'Perio Chart', is_approved: true, review_flag: null }),
];

function serveApps() {
  const fake = adminAppsHandlers({ apps: seed() });
  serve(
    accountsHandlers(),
    syncHandlers().handlers,
    fake.handlers,
    adminMailHandlers().handlers,
    http.post<{ id: string }>('/api/admin/apps/:id/clear-flag', ({ params }) => {
      const app = fake.db.find((a) => a.id === params.id);
      if (app) app.review_flag = null;
      return HttpResponse.json({ message: 'Review flag cleared', app });
    }),
  );
  return { db: fake.db };
}

afterEach(() => toaster.remove());

describe('approved apps edited after review (admin)', { timeout: 30_000 }, () => {
  it('the Admin Dashboard names them and links to App Management', async () => {
    serveApps();
    renderRoute('/admin', { role: 'admin' });
    const card = await screen.findByTestId('edited-apps', {}, { timeout: 15_000 });
    await waitFor(() => expect(card.textContent).toContain('1 approved app has material edits to review'));
    expect(card.textContent).toContain(PHISH);
    expect(card.textContent).not.toContain('Perio Chart');
    expect(within(card).getByRole('link', { name: 'Review in App Management' }).getAttribute('href')).toBe(
      '/admin/apps',
    );
  });

  it('App Management shows what changed until the admin marks it reviewed', async () => {
    const { db } = serveApps();
    const { user } = renderRoute('/admin/apps', { role: 'admin' });
    await screen.findByRole('heading', { name: 'App Management' }, { timeout: 15_000 });
    const flagged = within(await screen.findByTestId('admin-app-renamed'));
    expect(flagged.getByText('Edited after approval: name, description, webhook_license_url')).toBeTruthy();
    // The diff: the reviewed value the public page still shows beside the new one (a native disclosure).
    const diff = flagged.getByTestId('review-diff');
    expect(diff.hasAttribute('open')).toBe(false);
    await user.click(flagged.getByText('Show changes'));
    await waitFor(() => expect(diff.hasAttribute('open')).toBe(true));
    const table = within(diff).getByRole('table', { name: `Changes of ${PHISH} waiting for review` });
    const name = within(table).getByTestId('review-change-name');
    expect(
      within(name)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['name', 'Perio Notes', PHISH]);
    const hook = within(table).getByTestId('review-change-webhook_license_url');
    expect(hook.textContent).toContain('https://perio.example/…');
    expect(hook.textContent).toContain('https://evil.example/…');
    expect(within(screen.getByTestId('admin-app-calm')).queryByTestId('review-flag')).toBeNull();

    await user.click(flagged.getByRole('button', { name: `Mark reviewed: ${PHISH}` }));
    expect(calls('POST /api/admin/apps/renamed/clear-flag')).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByTestId('admin-app-renamed')).queryByTestId('review-flag')).toBeNull(),
    );
    expect(db.find((a) => a.id === 'renamed')?.review_flag).toBeNull();
  });
});
