import { MSG } from '@shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeApp, makeCategory } from '@/features/marketplace/testing/fixtures';
import { marketplaceHandlers } from '@/testing/handlers/marketplace';
import { renderRoute } from '@/testing/render-screen';
import { answering, serve } from '@/testing/server';
import MarketplaceCategory from './category';

const clinical = makeCategory({ name: 'Clinical Tools', slug: 'clinical-tools' });
const inClinical = { category: clinical.name, category_slug: clinical.slug };
const apps = [
  makeApp({
    name: 'Perio Pro',
    practice_systems: ['open_dental', 'dentrix'],
    price: 99,
    average_rating: 4.1,
    description: 'Periodontal charting',
    ...inClinical,
  }),
  makeApp({
    name: 'Anesthesia Log',
    practice_systems: ['eaglesoft'],
    pricing_model: 'free',
    price: 0,
    average_rating: 3.2,
    ...inClinical,
  }),
  makeApp({
    name: 'Cavity Finder',
    price: 19.5,
    average_rating: 4.9,
    description: 'AI caries detection',
    ...inClinical,
  }),
  makeApp({ name: 'Other Thing', category: 'Marketing', category_slug: 'marketing' }),
];

const names = () =>
  within(screen.getByRole('list', { name: 'Clinical Tools apps' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

async function renderCategory(slug = 'clinical-tools', search = '') {
  serve(marketplaceHandlers({ apps, categories: [clinical] }));
  const view = renderRoute(<MarketplaceCategory />, {
    path: '/marketplace/category/:slug',
    url: `/marketplace/category/${slug}${search}`,
  });
  return view;
}

describe('Category page', { timeout: 20_000 }, () => {
  it('shows the breadcrumb, the count line and the apps sorted by name', async () => {
    await renderCategory();
    expect(await screen.findByRole('heading', { level: 1, name: 'Clinical Tools' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Marketplace' })).toBeTruthy();
    expect(within(crumbs).getByRole('link', { name: 'Categories' }).getAttribute('href')).toBe(
      '/marketplace/categories',
    );
    expect(within(crumbs).getByText('Clinical Tools')).toBeTruthy();
    expect(screen.getByText('Showing 3 of 3 apps in Clinical Tools')).toBeTruthy();
    expect(names()).toEqual(['Anesthesia Log', 'Cavity Finder', 'Perio Pro']);
    expect(screen.getByRole('link', { name: /Back to all categories/ }).getAttribute('href')).toBe(
      '/marketplace/categories',
    );
  });

  it('offers the four sorts and applies them (free apps count as 0)', async () => {
    await renderCategory();
    const sort = await screen.findByRole('combobox', { name: 'Sort apps' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['name', 'Sort by Name'],
      ['price_low', 'Price: Low to High'],
      ['price_high', 'Price: High to Low'],
      ['rating', 'Highest Rated'],
    ]);
    await userEvent.selectOptions(sort, 'price_low');
    expect(names()).toEqual(['Anesthesia Log', 'Cavity Finder', 'Perio Pro']);
    await userEvent.selectOptions(sort, 'price_high');
    expect(names()).toEqual(['Perio Pro', 'Cavity Finder', 'Anesthesia Log']);
    await userEvent.selectOptions(sort, 'rating');
    expect(names()).toEqual(['Cavity Finder', 'Perio Pro', 'Anesthesia Log']);
  });

  it("searches name or description with the 'Search {category} apps...' box and updates the count", async () => {
    await renderCategory();
    const search = await screen.findByPlaceholderText('Search Clinical Tools apps...');
    await userEvent.type(search, 'CHARTING');
    await waitFor(() => expect(names()).toEqual(['Perio Pro']));
    expect(screen.getByText('Showing 1 of 3 apps in Clinical Tools')).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like this');
    expect(await screen.findByText(MSG.noAppsMatching)).toBeTruthy();
    expect(screen.getByText('Showing 0 of 3 apps in Clinical Tools')).toBeTruthy();
  });

  it('filters by practice system beside the search, in ?works_with= so the filtered page can be shared', async () => {
    const view = await renderCategory('clinical-tools', '?works_with=open_dental');
    const select = (await screen.findByRole('combobox', { name: 'Practice system' })) as HTMLSelectElement;
    expect(select.value).toBe('open_dental');
    expect(names()).toEqual(['Perio Pro']);
    expect(screen.getByText('Showing 1 of 3 apps in Clinical Tools')).toBeTruthy();
    await userEvent.selectOptions(select, 'eaglesoft');
    await waitFor(() => expect(names()).toEqual(['Anesthesia Log']));
    expect(view.router.state.location.search).toBe('?works_with=eaglesoft');
    await userEvent.selectOptions(select, '');
    await waitFor(() => expect(names()).toEqual(['Anesthesia Log', 'Cavity Finder', 'Perio Pro']));
    expect(view.router.state.location.search).toBe('');
  });

  it('redirects to the categories list when the server answers 404', async () => {
    await renderCategory('no-such-category');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/marketplace/categories'));
  });

  it("reads 'Category not found' when the answer names no category", async () => {
    serve(marketplaceHandlers(), answering('GET /api/marketplace/apps/category/:slug', { apps: [] }));
    renderRoute(<MarketplaceCategory />, { path: '/marketplace/category/:slug', url: '/marketplace/category/x' });
    expect(await screen.findByText(MSG.categoryNotFound)).toBeTruthy();
  });
});
