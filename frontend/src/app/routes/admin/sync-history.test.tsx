import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { runFixture, syncHandlers } from '@/testing/handlers/sync';
import { renderRoute } from '@/testing/render-route';
import { calls, serve } from '@/testing/server';
import { columnHeaders } from '@/testing/table';

/** 30 runs, newest first: polls by the scheduler (one retried by the queue), and failed table syncs. */
const runs = Array.from({ length: 30 }, (_, i) => {
  const at = new Date(Date.UTC(2026, 10, 1, 12, 0, 30 - i)).toISOString();
  return i % 10 === 9
    ? runFixture(`r${i}`, 'internal_tables', {
        status: 'failed',
        started_at: at,
        detail: 'Internal system answered 500',
      })
    : runFixture(`r${i}`, 'legacy_events', {
        status: 'succeeded',
        started_by: 'scheduler',
        started_at: at,
        completed_at: at,
        counts: { fetched: i, delivered: 0, dropped: 0 },
        attempts: i === 0 ? 3 : 1,
      });
});

const rowIds = () => screen.queryAllByTestId(/^run-row-/).map((r) => r.dataset.testid?.replace('run-row-', ''));
const historyCalls = () => calls().filter((r) => r.path === '/api/admin/sync/history');

describe('Sync History (/admin/sync-history)', { timeout: 60_000 }, () => {
  it('pages through the runs with Load more (keyboard) and filters by type and status on the server', async () => {
    serve(accountsHandlers(), syncHandlers({ runs }).handlers);
    const { user } = renderRoute('/admin/sync-history', { role: 'admin' });
    await screen.findByRole('heading', { name: 'Sync History' }, { timeout: 10_000 });
    await screen.findByTestId('run-row-r0');
    const table = within(screen.getByRole('table', { name: 'Sync runs' }));
    expect(columnHeaders(table)).toEqual(['Started', 'Type', 'Status', 'Attempts', 'Started by', 'Result']);
    expect(rowIds()).toHaveLength(25);
    // The poll the queue retried is one run with its attempts.
    const first = within(screen.getByTestId('run-row-r0'));
    expect(first.getByText('3')).toBeTruthy();
    expect(first.getByText('scheduler')).toBeTruthy();
    expect(within(screen.getByTestId('run-row-r9')).getByText('Internal system answered 500')).toBeTruthy();

    const more = screen.getByRole('button', { name: 'Load more runs' });
    more.focus();
    await user.keyboard('{Enter}');
    await screen.findByTestId('run-row-r29');
    expect(rowIds()).toHaveLength(30);
    // Focus goes on at the first run of the new page; nothing is left to load.
    await waitFor(() =>
      expect(document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid')).toBe('run-row-r25'),
    );
    expect(screen.queryByRole('button', { name: 'Load more runs' })).toBeNull();
    expect(historyCalls().some((r) => r.query.get('cursor') === 'o25')).toBe(true);
    expect(historyCalls().every((r) => r.query.get('limit') === '25')).toBe(true);

    await user.selectOptions(screen.getByLabelText('Sync type'), 'internal_tables');
    await user.selectOptions(screen.getByLabelText('Run status'), 'failed');
    await waitFor(() => expect(rowIds()).toEqual(['r9', 'r19', 'r29']));
    expect(
      historyCalls().some((r) => r.query.get('sync_type') === 'internal_tables' && r.query.get('status') === 'failed'),
    ).toBe(true);
    await user.selectOptions(screen.getByLabelText('Run status'), 'running');
    expect(await screen.findByText('No runs match these filters.')).toBeTruthy();
  });
});
