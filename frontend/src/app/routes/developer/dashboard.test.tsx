import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../testing/fake-server';
import { accountsHandlers } from '../../../testing/handlers/accounts';
import { developerHandlers } from '../../../testing/handlers/developer';
import { renderRoute } from '../../../testing/render-route';

const countOf = async (label: string) => within(await screen.findByRole('region', { name: label }));

describe('developer dashboard (/dashboard)', () => {
  it('counts apps, the webhooks on them and API keys', async () => {
    fakeServer(accountsHandlers(), developerHandlers({ apps: 2, keys: 3, webhooksPerApp: 2 }));
    renderRoute('/dashboard', { role: 'developer' });
    expect(await (await countOf('Apps')).findByText('2')).toBeTruthy();
    expect((await countOf('API Keys')).getByText('3')).toBeTruthy();
    expect((await countOf('Webhooks')).getByText('4')).toBeTruthy();
  });

  it('shows 0 when the lists cannot be loaded', async () => {
    fakeServer(accountsHandlers());
    const { location } = renderRoute('/dashboard', { role: 'developer' });
    await screen.findByRole('heading', { name: 'Quick actions' });
    expect((await countOf('Apps')).getByText('0')).toBeTruthy();
    expect((await countOf('API Keys')).getByText('0')).toBeTruthy();
    expect(location().pathname).toBe('/dashboard');
  });

  it('offers the quick actions and the API documentation', async () => {
    fakeServer(accountsHandlers(), developerHandlers());
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
