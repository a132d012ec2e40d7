import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHECK_EMAIL_TEXT,
  CONFIRM_SENT_TEXT,
  CONFIRM_SENT_TITLE,
  PAYMENT_SUCCESSFUL,
  PURCHASE_COMPLETE,
  WELCOME_TITLE,
} from '@/features/purchases/components/purchase-success';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { purchaseSessionFixture, purchasesHandlers } from '@/testing/handlers/purchases';
import { renderRoute } from '@/testing/render-route';
import { calls, serve } from '@/testing/server';

// The lazy route module is loaded once with real timers (React reveals a suspended screen on a
// timer); after that the screen renders at once and only the page's own delays run on fake time.
beforeAll(async () => {
  serve(accountsHandlers());
  const { unmount } = renderRoute('/marketplace/purchase-success');
  await screen.findByText(MSG.invalidPurchaseSession);
  unmount();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const LOOKUP = 'GET /api/stripe/purchase/cs_test_1';
const advance = async (ms: number) => {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  // Let the answered lookup's promise chain (fetch, body, state) run to the end.
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(0));
};

function open(query: string, replies: Array<ReturnType<typeof purchaseSessionFixture> | number>) {
  serve(accountsHandlers(), purchasesHandlers({ sessions: { cs_test_1: replies } }));
  const view = renderRoute(`/marketplace/purchase-success${query}`);
  return view;
}

describe('Purchase success (/marketplace/purchase-success)', () => {
  it('without a session_id says the session is invalid and fetches nothing', async () => {
    open('', [purchaseSessionFixture()]);
    await advance(0);
    expect(screen.getByText(MSG.invalidPurchaseSession)).toBeTruthy();
    await advance(10_000);
    expect(calls().filter((r) => r.path.startsWith('/api/stripe/purchase'))).toHaveLength(0);
    expect(screen.getByRole('link', { name: /Back to Marketplace/ }).getAttribute('href')).toBe('/');
  });

  it('shows the processing state, waits 2 s, then shows the order and the next steps', async () => {
    open('?session_id=cs_test_1', [purchaseSessionFixture()]);
    await advance(0);
    expect(screen.getByText(MSG.processingPurchase)).toBeTruthy();
    await advance(LIMITS.purchaseFirstFetchMs - 1);
    expect(calls(LOOKUP)).toHaveLength(0);
    await advance(1);
    expect(calls(LOOKUP)).toHaveLength(1);

    await advance(0);
    expect(screen.getByRole('heading', { name: PURCHASE_COMPLETE })).toBeTruthy();
    expect(screen.queryByText(MSG.processingPurchase)).toBeNull();
    expect(screen.getByTestId('order-app').textContent).toBe('PerioChart Pro');
    expect(screen.getByTestId('order-amount').textContent).toBe('$499.00 USD');
    expect(screen.getByText('Check your email')).toBeTruthy();
    const links = within(screen.getByRole('group', { name: 'Where to next' }));
    const href = (name: RegExp) => links.getByRole('link', { name }).getAttribute('href');
    expect(href(/View All Purchases/)).toBe('/marketplace/my-purchases');
    expect(href(/View App Details/)).toBe('/marketplace/app/periochart-pro');
    expect(href(/Contact Support/)).toBe('/support');
    expect(href(/Documentation/)).toBe('/docs');
    // No welcome banner without new_account=true.
    expect(screen.queryByText(WELCOME_TITLE)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create a practice account' })).toBeNull();
  });

  it("reads 'License being prepared', not the manual text, while an automatic licence is on its way", async () => {
    open('?session_id=cs_test_1', [purchaseSessionFixture({ license_status: null })]);
    await advance(0);
    await advance(LIMITS.purchaseFirstFetchMs);
    await advance(0);
    expect(screen.getByRole('heading', { name: PURCHASE_COMPLETE })).toBeTruthy();
    expect(screen.getByText('License being prepared')).toBeTruthy();
    expect(screen.queryByText(MSG.accessPendingText)).toBeNull();
  });

  it('retries once, 3 s after a failed lookup', async () => {
    open('?session_id=cs_test_1', [404, purchaseSessionFixture({ license_status: 'manual_pending' })]);
    await advance(0);
    screen.getByText(MSG.processingPurchase);
    await advance(LIMITS.purchaseFirstFetchMs);
    expect(calls(LOOKUP)).toHaveLength(1);
    await advance(LIMITS.purchaseRetryMs - 1);
    expect(calls(LOOKUP)).toHaveLength(1);
    expect(screen.getByText(MSG.processingPurchase)).toBeTruthy();
    await advance(1);
    expect(calls(LOOKUP)).toHaveLength(2);
    await advance(0);
    expect(screen.getByRole('heading', { name: PURCHASE_COMPLETE })).toBeTruthy();
    // The licence e-mail note follows the licence status.
    expect(screen.getByText(MSG.accessPendingText)).toBeTruthy();
  });

  it('after two failed lookups shows the generic payment-successful message and stops asking', async () => {
    open('?session_id=cs_test_1', [404, 500]);
    await advance(0);
    screen.getByText(MSG.processingPurchase);
    await advance(LIMITS.purchaseFirstFetchMs + LIMITS.purchaseRetryMs);
    await advance(0);
    expect(screen.getByRole('heading', { name: PAYMENT_SUCCESSFUL })).toBeTruthy();
    expect(screen.getByText(CHECK_EMAIL_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: /View All Purchases/ }).getAttribute('href')).toBe(
      '/marketplace/my-purchases',
    );
    await advance(60_000);
    expect(calls(LOOKUP)).toHaveLength(2);
  });

  it('tells every guest how to see the licence in an account', async () => {
    open('?session_id=cs_test_1&new_account=true', [purchaseSessionFixture()]);
    await advance(0);
    expect(screen.getByText(WELCOME_TITLE)).toBeTruthy();
    expect(screen.getByText(/sign up or sign in with that address/)).toBeTruthy();
    // The guest's way to an account of their own: sign-up as a practice, not as a developer.
    const banner = within(screen.getByTestId('welcome-banner'));
    expect(banner.getByRole('link', { name: 'Create a practice account' }).getAttribute('href')).toBe(
      '/signup?type=practice',
    );
    await advance(LIMITS.purchaseFirstFetchMs);
    await advance(0);
    expect(screen.getByRole('heading', { name: PURCHASE_COMPLETE })).toBeTruthy();
    expect(screen.getByText(WELCOME_TITLE)).toBeTruthy();
  });

  it('after a free licence asked for as a guest, says to confirm the address by mail and looks nothing up', async () => {
    open('?confirm=sent&new_account=true', []);
    await advance(0);
    expect(screen.getByRole('heading', { name: CONFIRM_SENT_TITLE })).toBeTruthy();
    expect(screen.getByText(CONFIRM_SENT_TEXT)).toBeTruthy();
    await advance(LIMITS.purchaseFirstFetchMs + LIMITS.purchaseRetryMs);
    expect(calls(LOOKUP)).toHaveLength(0);
  });
});
