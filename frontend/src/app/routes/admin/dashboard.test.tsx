import { MSG } from '@shared/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { adminAppsHandlers } from '@/testing/handlers/admin-apps';
import { adminMailHandlers } from '@/testing/handlers/admin-mail';
import { healthyComponents, syncHandlers } from '@/testing/handlers/sync';
import { renderRoute } from '@/testing/render-route';
import { calls, failing, type Handlers, HttpResponse, http, serve } from '@/testing/server';

afterEach(() => toaster.remove());

function open(opts: Parameters<typeof syncHandlers>[0] = {}, extra: Handlers = []) {
  const fake = syncHandlers(opts);
  serve(accountsHandlers(), adminAppsHandlers().handlers, adminMailHandlers().handlers, fake.handlers, extra);
  const view = renderRoute('/admin', { role: 'admin' });
  return { ...view, fake };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

// The first visit imports the lazy route and Chakra's components; a busy CI machine needs the margin.
describe('Admin Dashboard (/admin)', { timeout: 45_000 }, () => {
  it('shows each health component with its status in words and how it was measured, and the sync status', async () => {
    open({ loaded: true, polling: true });
    const table = within(await screen.findByTestId('health-table', {}, { timeout: 20_000 }));
    expect(table.getByText('Database table')).toBeTruthy();
    expect(table.getByText('Healthy')).toBeTruthy();
    expect(table.getByText('DescribeTable answered in 12 ms')).toBeTruthy();
    expect(within(screen.getByTestId('health-internal_system')).getByText('Degraded')).toBeTruthy();
    const mail = within(screen.getByTestId('health-mail'));
    expect(mail.getByText('Unhealthy')).toBeTruthy();
    expect(mail.getByText('GetAccount failed: connection refused')).toBeTruthy();
    for (const name of ['Legacy system', 'Webhook queue']) expect(screen.getByText(name)).toBeTruthy();

    expect((await screen.findByTestId('users-synced')).textContent).toBe('12');
    expect(screen.getByTestId('polling-state').textContent).toMatch(/^Active\s·\severy 60 s/);
    expect(screen.getByTestId('internal-last-sync').textContent).toBe('Never');
    expect(screen.getByTestId('current-counts').textContent).toBe('2 features · 3 event types · 4 tables');
    expect(screen.queryByText('Not available yet')).toBeNull();
  });

  it('links to users, apps, internal sync, queue, sync history and logs', async () => {
    open();
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    for (const [name, href] of [
      ['Users', '/admin/users'],
      ['Apps', '/admin/apps'],
      ['Internal Sync', '/admin/internal-sync'],
      ['Queue', '/admin/queue'],
      ['Sync History', '/admin/sync-history'],
      ['Logs', '/admin/logs'],
    ]) {
      const main = within(screen.getByRole('main'));
      expect(main.getByRole('link', { name: name as string }).getAttribute('href')).toBe(href);
    }
  });

  it('offers the five trigger types and Sync Now sends the chosen one, answering with the server message', async () => {
    const { user } = open();
    const picker = (await screen.findByLabelText('Sync type')) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.value)).toEqual([
      'legacy_users',
      'legacy_events',
      'internal_features',
      'internal_events',
      'full_sync',
    ]);
    await user.selectOptions(picker, 'legacy_users');
    await user.click(button('Sync Now'));
    expect(await screen.findByText(MSG.syncInitiated)).toBeTruthy();
    expect(calls('POST /api/admin/sync/trigger')[0]?.body).toEqual({ sync_type: 'legacy_users' });
    // The run shows up among the recent runs.
    const runs = within(await screen.findByRole('table', { name: 'Recent sync runs' }));
    expect(runs.getByText('Legacy users')).toBeTruthy();
    expect(runs.getByText('Running')).toBeTruthy();
  });

  it("says the server's detail, or 'Failed to trigger sync', when the trigger is refused", async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Sync Now' }));
    await screen.findByText(MSG.syncInitiated);
    await user.click(await screen.findByRole('button', { name: 'Sync Now' }));
    expect(await screen.findByText('A full sync is already running')).toBeTruthy();

    serve(failing('POST /api/admin/sync/trigger', 500));
    await user.click(await screen.findByRole('button', { name: 'Sync Now' }));
    expect(await screen.findByText(MSG.failedTriggerSync)).toBeTruthy();
  });

  it("a run that ends failed says 'Sync failed: {detail}'", async () => {
    const { user, fake } = open();
    await user.selectOptions(await screen.findByLabelText('Sync type'), 'legacy_events');
    await user.click(button('Sync Now'));
    await screen.findByText(MSG.syncInitiated);
    fake.finish('failed', 'Legacy system answered 500');
    expect(await screen.findByText(MSG.syncFailed('Legacy system answered 500'), {}, { timeout: 8000 })).toBeTruthy();
  });

  it('Start is disabled while polling is active and Stop while inactive; both switch the state', async () => {
    const { user } = open();
    await waitFor(() => expect(screen.getByTestId('polling-state').textContent).toBe('Inactive'));
    expect(button('Start Polling').disabled).toBe(false);
    expect(button('Stop Polling').disabled).toBe(true);

    await user.click(button('Start Polling'));
    expect(await screen.findByText('Polling started')).toBeTruthy();
    expect(calls('POST /api/admin/sync/polling/start')[0]?.query.get('interval')).toBe('60');
    await waitFor(() => expect(button('Start Polling').disabled).toBe(true));
    expect(button('Stop Polling').disabled).toBe(false);
    expect(screen.getByTestId('polling-state').textContent).toMatch(/^Active/);

    await user.click(button('Stop Polling'));
    expect(await screen.findByText('Polling stopped')).toBeTruthy();
    await waitFor(() => expect(button('Stop Polling').disabled).toBe(true));
    expect(button('Start Polling').disabled).toBe(false);
  });

  it('starts polling at the interval typed, and refuses one outside 10 to 86,400 seconds', async () => {
    const { user } = open({ loaded: true, polling: false });
    await waitFor(() => expect(button('Start Polling').disabled).toBe(false));
    const field = screen.getByLabelText('Polling interval (seconds)') as HTMLInputElement;
    expect(field.value).toBe('60');
    fireEvent.change(field, { target: { value: '5' } });
    expect(await screen.findByText('Enter a whole number of seconds from 10 to 86400')).toBeTruthy();
    expect(button('Start Polling').disabled).toBe(true);
    fireEvent.change(field, { target: { value: '86401' } });
    expect(button('Start Polling').disabled).toBe(true);
    fireEvent.change(field, { target: { value: '300' } });
    await waitFor(() => expect(button('Start Polling').disabled).toBe(false));
    await user.click(button('Start Polling'));
    expect(await screen.findByText('Polling started')).toBeTruthy();
    expect(calls('POST /api/admin/sync/polling/start')[0]?.query.get('interval')).toBe('300');
  });

  it("reports a refused start as 'Failed to start polling: {detail}'", async () => {
    const { user } = open({}, failing('POST /api/admin/sync/polling/start', 503, 'Scheduler unavailable'));
    await waitFor(() => expect(button('Start Polling').disabled).toBe(false));
    await user.click(button('Start Polling'));
    expect(await screen.findByText(MSG.failedStartPolling('Scheduler unavailable'))).toBeTruthy();
  });

  it("reports a refused stop as 'Failed to stop polling: {detail}'", async () => {
    const { user } = open(
      { polling: true },
      failing('POST /api/admin/sync/polling/stop', 409, 'Polling is not active'),
    );
    await waitFor(() => expect(button('Stop Polling').disabled).toBe(false));
    await user.click(button('Stop Polling'));
    expect(await screen.findByText(MSG.failedStopPolling('Polling is not active'))).toBeTruthy();
  });

  it('a legacy cursor behind the system offers Reset cursor, asks first, and says what the server did', async () => {
    const behind = "The legacy system's latest cursor (35) is behind the stored cursor (1320)";
    let reset = false;
    const { user } = open({}, [
      http.get('/api/admin/sync/health', () =>
        HttpResponse.json({
          status: 'degraded',
          checked_at: '2025-06-01T10:00:00.000Z',
          components: healthyComponents().map((c) =>
            c.name === 'legacy_system' && !reset
              ? { ...c, status: 'degraded', detail: behind, cursor_behind: true }
              : c,
          ),
        }),
      ),
      http.post('/api/admin/sync/cursor/reset', () => {
        reset = true;
        return HttpResponse.json({ message: 'Cursor reset from 1320 to 35', previous_cursor: '1320', cursor: '35' });
      }),
    ]);
    const legacy = within(await screen.findByTestId('health-legacy_system', {}, { timeout: 20_000 }));
    expect(legacy.getByText(behind)).toBeTruthy();
    await user.click(legacy.getByRole('button', { name: 'Reset cursor' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Reset cursor' }));
    expect(await screen.findByText('Cursor reset from 1320 to 35')).toBeTruthy();
    expect(calls('POST /api/admin/sync/cursor/reset')).toHaveLength(1);
    // The health is read again: the button goes with the degraded state.
    await waitFor(() =>
      expect(
        within(screen.getByTestId('health-legacy_system')).queryByRole('button', { name: 'Reset cursor' }),
      ).toBeNull(),
    );
  });
});
