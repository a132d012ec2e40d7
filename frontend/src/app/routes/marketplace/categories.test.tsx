import { MSG } from '@shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCategory } from '@/features/marketplace/testing/fixtures';
import { marketplaceHandlers } from '@/testing/handlers/marketplace';
import { renderRoute } from '@/testing/render-screen';
import { serve } from '@/testing/server';
import MarketplaceCategories from './categories';

describe('Categories page', () => {
  it('shows each category with its description and app count, and opens it on click', async () => {
    serve(
      marketplaceHandlers({
        categories: [
          makeCategory({ name: 'Patient Management', slug: 'patient-management', app_count: 4 }),
          makeCategory({ name: 'Marketing', slug: 'marketing', icon: 'LuMegaphone', app_count: 1 }),
        ],
      }),
    );
    renderRoute(<MarketplaceCategories />, { path: '/marketplace/categories' });
    expect(await screen.findByText('4 apps')).toBeTruthy();
    expect(screen.getByText('1 app')).toBeTruthy();
    expect(screen.getByText('Marketing description')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Patient Management' }));
    expect(screen.getByTestId('location').textContent).toBe('/marketplace/category/patient-management');
  });

  it("reads 'No categories available yet' when there are none", async () => {
    serve(marketplaceHandlers({ categories: [] }));
    renderRoute(<MarketplaceCategories />, { path: '/marketplace/categories' });
    expect(await screen.findByText(MSG.noCategories)).toBeTruthy();
  });

  it("explains a redirect from an unknown category with 'Category not found'", async () => {
    serve(marketplaceHandlers({ categories: [makeCategory({ name: 'Marketing' })] }));
    const { router } = renderRoute(<MarketplaceCategories />, { path: '/marketplace/categories' });
    await router.navigate('/marketplace/categories', { state: { notice: MSG.categoryNotFound } });
    expect(await screen.findByText(MSG.categoryNotFound)).toBeTruthy();
  });
});
