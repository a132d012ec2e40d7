import { MSG } from '@shared/messages';
import type { WebhookDeliveryLog } from '@shared/schemas/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { answerConfirm } from '@/testing/confirm';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { adminLogsHandlers, deliveryLogFixture } from '@/testing/handlers/admin-logs';
import { renderRoute } from '@/testing/render-route';
import { calls, failing, type Handlers, serve } from '@/testing/server';
import { columnHeaders } from '@/testing/table';

afterEach(() => toaster.remove());

function open(logs: WebhookDeliveryLog[], opts: { replayFails?: string; extra?: Handlers } = {}) {
  const fake = adminLogsHandlers({ logs, replayFails: opts.replayFails });
  serve(accountsHandlers(), fake.handlers, opts.extra ?? []);
  const view = renderRoute('/admin/logs', { role: 'admin' });
  return { ...view, fake };
}

const row = async (id: string) => within(await screen.findByTestId(`log-row-${id}`));
const statusOf = async (id: string) => {
  const cell = (await row(id)).getAllByRole('cell')[3];
  const badge = cell?.firstElementChild as HTMLElement;
  return { label: badge.textContent, tone: badge.dataset.tone };
};

describe('Admin Webhook Logs (/admin/logs)', () => {
  it('asks for the newest 100 and shows the columns, status colours and labels', async () => {
    open([
      deliveryLogFixture({ id: 'l-ok', status_code: 204, response_time_ms: 87 }),
      deliveryLogFixture({ id: 'l-client', status_code: 404 }),
      deliveryLogFixture({ id: 'l-server', status_code: 503 }),
      deliveryLogFixture({ id: 'l-net', status_code: 0, error_kind: 'connection_refused', response_time_ms: null }),
    ]);
    expect(await statusOf('l-ok')).toEqual({ label: '204', tone: 'green' });
    expect(await statusOf('l-client')).toEqual({ label: '404', tone: 'yellow' });
    expect(await statusOf('l-server')).toEqual({ label: '503', tone: 'red' });
    expect(await statusOf('l-net')).toEqual({ label: 'Failed', tone: 'gray' });
    expect(calls('GET /api/admin/logs')[0]?.query.get('limit')).toBe('100');

    const headers = columnHeaders();
    expect(headers).toEqual(['ID', 'Event Type', 'Target URL', 'Status', 'Response Time', 'Timestamp', 'Actions']);
    const ok = await row('l-ok');
    expect(ok.getByText('l-ok')).toBeTruthy();
    expect(ok.getByText('license.purchased')).toBeTruthy();
    expect(ok.getByText('https://hooks.example.com/dental')).toBeTruthy();
    expect(ok.getByText('87 ms')).toBeTruthy();
    expect((await row('l-net')).getByText('—')).toBeTruthy();
    // One page only: no paging controls.
    expect(screen.queryByText(/Page 1 of/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Next/ })).toBeNull();
  });

  it('offers Replay only for failed deliveries (400 or more, or no answer)', async () => {
    open([
      deliveryLogFixture({ id: 'l-200', status_code: 200 }),
      deliveryLogFixture({ id: 'l-302', status_code: 302 }),
      deliveryLogFixture({ id: 'l-400', status_code: 400 }),
      deliveryLogFixture({ id: 'l-500', status_code: 500 }),
      deliveryLogFixture({ id: 'l-0', status_code: 0 }),
    ]);
    const replay = async (id: string) => (await row(id)).queryByRole('button', { name: /Replay/ });
    expect(await replay('l-200')).toBeNull();
    expect(await replay('l-302')).toBeNull();
    expect(await replay('l-400')).toBeTruthy();
    expect(await replay('l-500')).toBeTruthy();
    expect(await replay('l-0')).toBeTruthy();
    for (const id of ['l-200', 'l-400']) expect((await row(id)).getByRole('button', { name: /View/ })).toBeTruthy();
  });

  it('pages 20 logs at a time with Previous, Next and Page x of y', async () => {
    const logs = Array.from({ length: 21 }, (_, i) =>
      deliveryLogFixture({ id: `log-${String(i + 1).padStart(2, '0')}` }),
    );
    const { user } = open(logs);
    await row('log-01');
    expect(screen.getAllByTestId(/^log-row-/)).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const previous = screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    await user.click(next);
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getAllByTestId(/^log-row-/).map((r) => r.dataset.testid)).toEqual(['log-row-log-21']);
    expect(next.disabled).toBe(true);
    await user.click(previous);
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
  });

  it('reaches the attempts older than the newest 100 with Load older attempts (X-Next-Cursor)', async () => {
    const logs = Array.from({ length: 103 }, (_, i) =>
      deliveryLogFixture({ id: `log-${String(i + 1).padStart(3, '0')}` }),
    );
    const { user } = open(logs);
    await row('log-001');
    expect(screen.getByText('Page 1 of 5')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load older attempts' }));
    expect(await screen.findByText('Page 1 of 6')).toBeTruthy();
    expect(calls('GET /api/admin/logs').some((c) => c.query.get('cursor') === '100')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load older attempts' })).toBeNull());
  });

  it('shows every field of a log in the detail dialog, with Replay for a failure', async () => {
    const { user } = open([
      deliveryLogFixture({
        id: 'l-fail',
        event_type: 'license.revoked',
        status_code: 502,
        response_time_ms: 1500,
        retry_count: 3,
        target_url: 'https://hooks.example.com/claims',
        delivery_id: 'msg_2abc',
        response: '<html>Bad gateway</html>',
      }),
      deliveryLogFixture({ id: 'l-good', status_code: 200 }),
    ]);
    await user.click((await row('l-fail')).getByRole('button', { name: /View/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Webhook Log Details')).toBeTruthy();
    for (const [label, value] of [
      ['Log ID', 'l-fail'],
      ['Event Type', 'license.revoked'],
      ['Status Code', '502'],
      ['Response Time', '1,500 ms'],
      ['Retry Count', '3'],
      ['Target URL', 'https://hooks.example.com/claims'],
      ['Delivery ID', 'msg_2abc'],
    ]) {
      expect(dialog.getByText(label as string)).toBeTruthy();
      expect(dialog.getByText(value as string)).toBeTruthy();
    }
    expect(dialog.getByText('Timestamp')).toBeTruthy();
    expect(dialog.getByTestId('log-response').textContent).toBe('<html>Bad gateway</html>');
    expect(dialog.getByRole('button', { name: /Replay/ })).toBeTruthy();
    await user.click(dialog.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click((await row('l-good')).getByRole('button', { name: /View/ }));
    const good = within(await screen.findByRole('dialog'));
    expect(good.queryByRole('button', { name: /Replay/ })).toBeNull();
  });

  it('replays after confirmation, says so and refreshes the list', async () => {
    const { user } = open([deliveryLogFixture({ id: 'l-500', status_code: 500, retry_count: 1 })]);
    await user.click((await row('l-500')).getByRole('button', { name: /Replay/ }));
    await answerConfirm(user, 'Cancel', MSG.confirmReplay);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('POST /api/admin/logs/l-500/replay')).toHaveLength(0);

    await user.click((await row('l-500')).getByRole('button', { name: /Replay/ }));
    await answerConfirm(user, 'Replay');
    expect(await screen.findByText(MSG.webhookReplayed)).toBeTruthy();
    expect(calls('POST /api/admin/logs/l-500/replay')).toHaveLength(1);
    // The list is read again and shows the new attempt.
    expect(await screen.findByTestId('log-row-l-500-replay')).toBeTruthy();
    expect(calls('GET /api/admin/logs').length).toBeGreaterThanOrEqual(2);
  });

  it('replays from the detail dialog too', async () => {
    const { user } = open([deliveryLogFixture({ id: 'l-0', status_code: 0, error_kind: 'timeout' })]);
    await user.click((await row('l-0')).getByRole('button', { name: /View/ }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('timeout')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: /Replay/ }));
    await answerConfirm(user, 'Replay');
    expect(await screen.findByText(MSG.webhookReplayed)).toBeTruthy();
    expect(calls('POST /api/admin/logs/l-0/replay')).toHaveLength(1);
  });

  it('shows the server detail, else the fallback, when a replay fails', async () => {
    const { user } = open([deliveryLogFixture({ id: 'l-500', status_code: 500 })], {
      replayFails: 'Only failed deliveries can be replayed',
    });
    await user.click((await row('l-500')).getByRole('button', { name: /Replay/ }));
    await answerConfirm(user, 'Replay');
    expect(await screen.findByText('Only failed deliveries can be replayed')).toBeTruthy();
  });

  it('falls back to the spec text when a replay fails without detail', async () => {
    const { user } = open([deliveryLogFixture({ id: 'l-500', status_code: 500 })], { replayFails: '' });
    await user.click((await row('l-500')).getByRole('button', { name: /Replay/ }));
    await answerConfirm(user, 'Replay');
    expect(await screen.findByText(MSG.failedReplayWebhook)).toBeTruthy();
  });

  it('shows the empty state, the load failure, and refreshes on demand', async () => {
    const { user } = open([]);
    expect(await screen.findByText(MSG.noWebhookLogs)).toBeTruthy();
    serve(failing('GET /api/admin/logs', 500));
    await user.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(calls('GET /api/admin/logs')).toHaveLength(2));

    serve(accountsHandlers(), failing('GET /api/admin/logs', 500));
    renderRoute('/admin/logs', { role: 'admin' });
    expect(await screen.findByText(MSG.failedLoadWebhookLogs)).toBeTruthy();
  });
});
