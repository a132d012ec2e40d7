import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { marketplaceHandlers } from '@/testing/handlers/marketplace';
import { renderRoute, signIn } from '@/testing/render-screen';
import { serve } from '@/testing/server';
import { makeApp } from '../testing/fixtures';
import { AppCard } from './app-card';

const renderCard = (app = makeApp()) => renderRoute(<AppCard app={app} />);

describe('AppCard', () => {
  it("shows 'Free' for a free app", () => {
    serve(marketplaceHandlers());
    renderCard(makeApp({ pricing_model: 'free', price: 0, price_period: null }));
    expect(screen.getByText('Free')).toBeTruthy();
    expect(screen.getByText('View Details →')).toBeTruthy();
  });

  it('shows a paid price in dollars with its period', () => {
    serve(marketplaceHandlers());
    renderCard(makeApp({ pricing_model: 'subscription', price: 49, price_period: 'monthly' }));
    expect(screen.getByText('$49.00')).toBeTruthy();
    expect(screen.getByText('/ month')).toBeTruthy();
    expect(screen.queryByText('Free')).toBeNull();
  });

  it('hides rating and installations when they are 0', () => {
    serve(marketplaceHandlers());
    renderCard(makeApp({ average_rating: 0, installations: 0 }));
    expect(screen.queryByLabelText(/Rated/)).toBeNull();
    expect(screen.queryByText(/installs/)).toBeNull();
  });

  it('shows rating and installations when above 0', () => {
    serve(marketplaceHandlers());
    renderCard(makeApp({ average_rating: 4.25, installations: 1250 }));
    expect(screen.getByLabelText('Rated 4.3 out of 5')).toBeTruthy();
    expect(screen.getByText('1,250 installs')).toBeTruthy();
  });

  it('shows the type badge and falls back from short description to description', () => {
    serve(marketplaceHandlers());
    renderCard(makeApp({ type: 'partner', short_description: null, description: 'The long way round' }));
    expect(screen.getByText('Partner')).toBeTruthy();
    expect(screen.getByText('The long way round')).toBeTruthy();
  });

  it('links to the app detail page by slug', () => {
    serve(marketplaceHandlers());
    renderCard(makeApp({ name: 'Chart Sync', slug: 'chart-sync' }));
    expect(screen.getByRole('link', { name: 'Chart Sync' }).getAttribute('href')).toBe('/marketplace/app/chart-sync');
  });

  it('links by id when the app has no slug', () => {
    serve(marketplaceHandlers());
    renderCard(makeApp({ id: 'a-42', name: 'No Slug', slug: '' }));
    expect(screen.getByRole('link', { name: 'No Slug' }).getAttribute('href')).toBe('/marketplace/app/a-42');
  });

  it("shows 'Your App' and 'Manage →' to the owner and leads to /dashboard/apps", async () => {
    signIn('developer');
    serve(marketplaceHandlers({ userId: 'dev-1' }));
    renderCard(makeApp({ name: 'Mine', user_id: 'dev-1', price: 99 }));
    await waitFor(() => expect(screen.getByText('Your App')).toBeTruthy());
    expect(screen.getByText('Manage →')).toBeTruthy();
    expect(screen.queryByText('$99.00')).toBeNull();
    expect(screen.queryByText('View Details →')).toBeNull();
    expect(screen.getByRole('link', { name: 'Mine' }).getAttribute('href')).toBe('/dashboard/apps');
  });

  it('falls back to a letter tile when the icon fails to load', () => {
    serve(marketplaceHandlers());
    renderCard(makeApp({ name: 'Zeta Imaging', icon_url: 'https://cdn.example.com/zeta.png' }));
    const icon = screen.getByRole('img', { name: 'Zeta Imaging icon' });
    expect(icon.tagName).toBe('IMG');
    expect(icon.getAttribute('loading')).toBe('lazy');
    expect(icon.getAttribute('width')).toBe('48');
    fireEvent.error(icon);
    const tile = screen.getByRole('img', { name: 'Zeta Imaging icon' });
    expect(tile.tagName).toBe('DIV');
    expect(tile.textContent).toBe('Z');
  });
});
