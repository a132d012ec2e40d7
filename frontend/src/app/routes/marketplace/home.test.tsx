import { MSG } from '@shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeApp, makeCategory } from '@/features/marketplace/testing/fixtures';
import { marketplaceHandlers } from '@/testing/handlers/marketplace';
import { renderRoute } from '@/testing/render-screen';
import { failing, serve } from '@/testing/server';
import MarketplaceHome from './home';

const imaging = makeCategory({ name: 'Imaging & X-Ray', slug: 'imaging-xray' });
const billing = makeCategory({ name: 'Billing & Insurance', slug: 'billing-insurance' });
const apps = [
  makeApp({ name: 'Alpha Charts', description: 'Perio charting', category: imaging.name, category_slug: imaging.slug }),
  makeApp({
    name: 'Bravo Claims',
    description: 'Insurance CLAIMS made easy',
    category: billing.name,
    category_slug: billing.slug,
  }),
  makeApp({ name: 'Charlie Scan', description: 'Sensor bridge', category: imaging.name, category_slug: imaging.slug }),
  makeApp({ name: 'Delta Pay', description: 'Card payments', category: billing.name, category_slug: billing.slug }),
  makeApp({
    name: 'Echo Reminders',
    description: 'Text reminders',
    category: 'Communication',
    category_slug: 'communication',
  }),
];

const names = (listName: string) =>
  within(screen.getByRole('list', { name: listName }))
    .getAllByRole('link')
    .map((link) => link.textContent);

async function renderHome(url = '/') {
  serve(marketplaceHandlers({ apps, categories: [imaging, billing] }));
  const view = renderRoute(<MarketplaceHome />, { url });
  await screen.findByRole('list', { name: 'All Applications' });
  return view;
}

describe('Marketplace home', { timeout: 20_000 }, () => {
  it('features the first 3 apps and lists them all, with the calls to action', async () => {
    await renderHome();
    expect(names('Featured Apps')).toEqual(['Alpha Charts', 'Bravo Claims', 'Charlie Scan']);
    expect(names('All Applications')).toHaveLength(5);
    expect(screen.getByRole('link', { name: /Developer Portal/ }).getAttribute('href')).toBe('/portal');
    expect(screen.getByRole('link', { name: /Browse by Category/ }).getAttribute('href')).toBe(
      '/marketplace/categories',
    );
  });

  it('searches name and description case-insensitively; featured is the first 3 of the result', async () => {
    await renderHome();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search apps' }), 'claims');
    await waitFor(() => expect(names('All Applications')).toEqual(['Bravo Claims']));
    expect(names('Featured Apps')).toEqual(['Bravo Claims']);

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search apps' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search apps' }), 'SENSOR');
    await waitFor(() => expect(names('All Applications')).toEqual(['Charlie Scan']));
  });

  it('filters by category from the dropdown (All Categories first)', async () => {
    await renderHome();
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Categories', 'Imaging & X-Ray', 'Billing & Insurance']);
    await userEvent.selectOptions(select, 'billing-insurance');
    await waitFor(() => expect(names('All Applications')).toEqual(['Bravo Claims', 'Delta Pay']));
    expect(names('Featured Apps')).toEqual(['Bravo Claims', 'Delta Pay']);
  });

  it('restores the search and category from the URL', async () => {
    await renderHome('/?q=pay&category=billing-insurance');
    await waitFor(() => expect(names('All Applications')).toEqual(['Delta Pay']));
    expect((screen.getByRole('searchbox', { name: 'Search apps' }) as HTMLInputElement).value).toBe('pay');
  });

  it("reads 'No apps found matching your criteria' when nothing matches", async () => {
    await renderHome();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search apps' }), 'orthodontic robots');
    expect(await screen.findByText(MSG.noAppsMatching)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Featured Apps' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(names('All Applications')).toHaveLength(5));
  });

  it('only logs a failed load and shows the empty state', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(marketplaceHandlers(), failing('GET /api/marketplace/apps', 500, 'boom'));
    renderRoute(<MarketplaceHome />);
    expect(await screen.findByText(MSG.noAppsMatching)).toBeTruthy();
    expect(log).toHaveBeenCalledWith('Failed to load marketplace apps', expect.anything());
  });
});
