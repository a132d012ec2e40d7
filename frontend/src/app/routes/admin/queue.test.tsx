import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { syncHandlers } from '@/testing/handlers/sync';
import { renderRoute } from '@/testing/render-route';
import { calls, failing, serve } from '@/testing/server';

afterEach(() => toaster.remove());

const failedItem = (id: string, error: string) => ({
  id,
  kind: 'legacy_poll',
  error,
  failed_at: '2025-06-01T09:00:00.000Z',
  receive_count: 5,
});

const tile = (label: string) => within(screen.getByRole('region', { name: label }));

describe('Admin Sync Queue (/admin/queue)', { timeout: 30_000 }, () => {
  it('shows depth, in flight, failed items with their error, and Retry failed re-queues them', async () => {
    const fake = syncHandlers({
      failed: [failedItem('m-1', 'Legacy system answered 500'), failedItem('m-2', 'Timed out after 5000 ms')],
    });
    serve(accountsHandlers(), fake.handlers);
    const { user } = renderRoute('/admin/queue', { role: 'admin' });
    await screen.findByRole('heading', { name: 'Sync Queue' });
    await waitFor(() => expect(tile('Depth').getByText('3')).toBeTruthy());
    expect(tile('In flight').getByText('1')).toBeTruthy();
    expect(tile('Failed').getByText('2')).toBeTruthy();
    expect(tile('Oldest waiting').getByText('2 min')).toBeTruthy();
    expect(within(screen.getByTestId('failed-m-1')).getByText('Legacy system answered 500')).toBeTruthy();
    expect(within(screen.getByTestId('failed-m-2')).getByText('Timed out after 5000 ms')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Retry failed' }));
    expect(await screen.findByText('Re-queued 2 failed items')).toBeTruthy();
    expect(calls('POST /api/admin/sync/queue/retry-failed')).toHaveLength(1);
    expect(await screen.findByText('No failed items')).toBeTruthy();
    expect(tile('Depth').getByText('5')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Retry failed' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refreshes on its own', async () => {
    const fake = syncHandlers();
    serve(accountsHandlers(), fake.handlers);
    renderRoute('/admin/queue', { role: 'admin' });
    await waitFor(() => expect(tile('Depth').getByText('3')).toBeTruthy());
    fake.state.depth = 7;
    fake.state.failed.push(failedItem('m-9', 'Internal system unreachable'));
    await waitFor(() => expect(tile('Depth').getByText('7')).toBeTruthy(), { timeout: 8000 });
    expect(await screen.findByText('Internal system unreachable')).toBeTruthy();
    expect(calls('GET /api/admin/sync/queue/status').length).toBeGreaterThan(1);
  });

  it("shows the server's detail when Retry failed is refused", async () => {
    const fake = syncHandlers({ failed: [failedItem('m-1', 'boom')] });
    serve(
      accountsHandlers(),
      fake.handlers,
      failing('POST /api/admin/sync/queue/retry-failed', 503, 'Queue unavailable'),
    );
    const { user } = renderRoute('/admin/queue', { role: 'admin' });
    await screen.findByText('boom');
    await user.click(screen.getByRole('button', { name: 'Retry failed' }));
    expect(await screen.findByText('Queue unavailable')).toBeTruthy();
  });
});
