import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { AppDialog } from '@/components/ui/app-dialog';
import { getSystem } from '@/components/ui/system';
import { makeAppDetail } from '@/features/marketplace/testing/fixtures';
import { marketplaceHandlers } from '@/testing/handlers/marketplace';
import { renderRoute } from '@/testing/render-screen';
import { serve } from '@/testing/server';
import MarketplaceAppDetail from './app-detail';

/**
 * The other web tests start with every recipe of the design system loaded (testing/setup.ts), so
 * they never see a component whose recipe is missing. This file starts as the storefront's visitor
 * does, with only the system's own recipes (components/ui/system.ts): a dialog must bring its recipe
 * itself, and a missing one is reported on the console (and renders unstyled).
 */
const app = makeAppDetail({ id: 'app-paid', slug: 'smile-scheduler', name: 'Smile Scheduler', price: 49 });
const notLoaded = (error: MockInstance<typeof console.error>) =>
  error.mock.calls.map((call) => String(call[0])).filter((message) => message.includes('is not loaded'));

afterEach(() => vi.restoreAllMocks());

describe('a dialog without the preloaded recipes', () => {
  it('is reported when its recipe was never added', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(getSystem().isSlotRecipe('dialog')).toBe(false);
    renderRoute(
      <AppDialog title="Unstyled" onClose={() => {}}>
        body
      </AppDialog>,
    );
    expect(notLoaded(error)).toContain(
      'Chakra slot recipe "dialog" is not loaded: add it with addRecipes (components/ui/system.ts)',
    );
  });

  it("opens the app page's checkout with its dialog recipe, loaded along with the modal", async () => {
    const error = vi.spyOn(console, 'error');
    serve(marketplaceHandlers({ details: [app] }));
    // Back from sign-in with ?checkout=true, the checkout opens without a click, so nothing else the
    // page loads on a visitor's first interaction (the reviews, with every recipe) comes first.
    renderRoute(<MarketplaceAppDetail />, {
      path: '/marketplace/app/:slug',
      url: '/marketplace/app/smile-scheduler?checkout=true',
    });
    // The app page, then the modal, load on demand: on a busy machine that takes a while.
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Purchase' }, { timeout: 15_000 });
    expect(within(dialog).getByText('Smile Scheduler')).toBeTruthy();
    expect(getSystem().isSlotRecipe('dialog')).toBe(true);
    expect(notLoaded(error)).toEqual([]);
  });
});
