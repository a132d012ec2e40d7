import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-screen';
import { MarketplaceLayout } from './marketplace-layout';

describe('MarketplaceLayout header', () => {
  it("names the logo link by the text it shows (WCAG 2.5.3 'label in name')", async () => {
    renderRoute(<MarketplaceLayout />);
    const link = await screen.findByRole('link', { name: /Dental Developer Ecosystem/ });
    expect(link.getAttribute('aria-label')).toBeNull();
    // Its accessible name is its visible text: the title and the "App Marketplace" subtitle.
    expect(link.textContent).toContain('Dental Developer Ecosystem');
    expect(link.textContent).toContain('App Marketplace');
  });
});
