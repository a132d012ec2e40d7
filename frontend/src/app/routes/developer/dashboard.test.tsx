import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { developerHandlers } from '@/testing/handlers/developer';
import { renderRoute } from '@/testing/render-route';
import { answering, calls, fail, HttpResponse, http, serve } from '@/testing/server';

// The first visit imports the lazy route and Chakra's components: allow for it on a busy machine.
const countOf = async (label: string) =>
  within(await screen.findByRole('region', { name: label }, { timeout: 15_000 }));

describe('developer dashboard (/dashboard)', () => {
  it('counts apps, the webhooks on them and API keys', async () => {
    serve(accountsHandlers(), developerHandlers({ apps: 2, keys: 3, webhooksPerApp: 2 }));
    renderRoute('/dashboard', { role: 'developer' });
    expect(await (await countOf('Apps')).findByText('2')).toBeTruthy();
    expect((await countOf('API Keys')).getByText('3')).toBeTruthy();
    expect((await countOf('Webhooks')).getByText('4')).toBeTruthy();
  });

  it('shows 0 when the lists cannot be loaded', async () => {
    const down = () => fail(500, 'Database unavailable');
    serve(
      accountsHandlers(),
      http.get('/api/apps', down),
      http.get('/api/keys', down),
      http.get('/api/manual-licences', down),
    );
    const { location } = renderRoute('/dashboard', { role: 'developer' });
    await screen.findByRole('heading', { name: 'Quick actions' });
    expect((await countOf('Apps')).getByText('0')).toBeTruthy();
    expect((await countOf('API Keys')).getByText('0')).toBeTruthy();
    expect(location().pathname).toBe('/dashboard');
  });

  it('counts the buyers waiting for manual access details, with those past 24 hours, and links to My Apps', async () => {
    const pending = (id: string, overdue: boolean) => ({
      purchase_id: id,
      app_id: 'pub-manual',
      app_name: 'Perio Pal',
      buyer_email: `${id}@clinic.example`,
      buyer_name: null,
      pending_since: '2026-01-01T08:00:00.000Z',
      overdue,
    });
    serve(
      accountsHandlers(),
      developerHandlers(),
      http.get('/api/manual-licences', () =>
        HttpResponse.json({
          licences: [pending('a', true), pending('b', false), pending('c', false)],
          next_cursor: null,
        }),
      ),
    );
    renderRoute('/dashboard', { role: 'developer' });
    const notice = within(await screen.findByTestId('pending-licences-notice'));
    expect(notice.getByText('3 buyers are waiting for access details (1 past 24 hours)')).toBeTruthy();
    expect(notice.getByRole('link', { name: 'Open My Apps' }).getAttribute('href')).toBe('/dashboard/apps');
  });

  it('shows no pending-licence notice when no buyer is waiting', async () => {
    serve(
      accountsHandlers(),
      developerHandlers(),
      answering('GET /api/manual-licences', { licences: [], next_cursor: null }),
    );
    renderRoute('/dashboard', { role: 'developer' });
    await waitFor(() => expect(calls('GET /api/manual-licences')).toHaveLength(1));
    expect(await (await countOf('Apps')).findByText('2')).toBeTruthy();
    expect(screen.queryByTestId('pending-licences-notice')).toBeNull();
  });

  it('offers the quick actions and the API documentation', async () => {
    serve(accountsHandlers(), developerHandlers());
    renderRoute('/dashboard', { role: 'developer' });
    await screen.findByRole('heading', { name: 'Quick actions' });
    const hrefs = ['Manage My Apps', 'API Keys', 'Webhooks', 'Submit an App', 'Browse Marketplace'].map((name) =>
      screen
        .getAllByRole('link', { name })
        .map((a) => a.getAttribute('href'))
        .join(),
    );
    expect(hrefs.join(' ')).toContain('/dashboard/apps');
    expect(hrefs.join(' ')).toContain('/dashboard/api-keys');
    expect(hrefs.join(' ')).toContain('/dashboard/webhooks');
    expect(hrefs.join(' ')).toContain('/dashboard/submit-app');
    const docs = screen.getByRole('link', { name: /Open API documentation/ });
    expect(docs.getAttribute('target')).toBe('_blank');
  });
});
