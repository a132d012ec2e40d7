import { MSG } from '@shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { answerConfirm } from '@/testing/confirm';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { adminUserFixture, adminUsersHandlers, webhookLogFixture } from '@/testing/handlers/admin-users';
import { apiKeyFixture } from '@/testing/handlers/api-keys';
import { renderRoute } from '@/testing/render-route';
import { calls, failing, type Handlers, http, serve } from '@/testing/server';
import { columnHeaders } from '@/testing/table';

afterEach(() => toaster.remove());

const dana = adminUserFixture({
  id: 'u-dana',
  email: 'dana@brightsmiles.dev',
  full_name: 'Dana Developer',
  website: 'https://brightsmiles.dev',
});

const seed = () => ({
  users: [dana],
  keys: {
    'u-dana': [
      apiKeyFixture({ id: 'k-stage', key: 'dk_test_AbCd1234', type: 'staging', usage_count: 42 }),
      apiKeyFixture({ id: 'k-live', key: 'dk_live_WxYz9876', type: 'production', is_active: false }),
    ],
  },
  logs: {
    'u-dana': [
      webhookLogFixture({ id: 'l-ok', status_code: 204 }),
      webhookLogFixture({ id: 'l-client', status_code: 404, retry_count: 2 }),
      webhookLogFixture({ id: 'l-server', status_code: 503, response_time_ms: 3001 }),
      webhookLogFixture({ id: 'l-none', status_code: null, response_time_ms: null }),
      webhookLogFixture({ id: 'l-zero', status_code: 0 }),
    ],
  },
});

async function openUser(id = 'u-dana', extra: Handlers = []) {
  const fake = adminUsersHandlers(seed());
  serve(accountsHandlers(), fake.handlers, extra);
  const view = renderRoute(`/admin/users/${id}`, { role: 'admin' });
  return view;
}

const keyRow = (id: string) => within(screen.getByTestId(`user-key-${id}`));
const logStatus = (id: string) =>
  within(screen.getByTestId(`log-row-${id}`)).getAllByRole('cell')[2]?.firstElementChild;

describe('User detail (/admin/users/:id)', () => {
  it('shows the profile, the keys and the webhook logs, fetched in parallel', async () => {
    // Hold the profile answer back: the keys and logs reads must go out without waiting for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Waits for the release, then lets the user handlers answer.
    serve(
      accountsHandlers(),
      adminUsersHandlers(seed()).handlers,
      http.get('/api/admin/users/:id', async () => {
        await held;
      }),
    );
    renderRoute('/admin/users/u-dana', { role: 'admin' });
    await waitFor(() => {
      expect(calls('GET /api/admin/users/u-dana/keys')).toHaveLength(1);
      expect(calls('GET /api/admin/users/u-dana/logs')).toHaveLength(1);
    });
    expect(calls('GET /api/admin/users/u-dana')).toHaveLength(1);
    release();

    expect(await screen.findByRole('heading', { name: 'Dana Developer' })).toBeTruthy();
    const profile = within(screen.getByRole('region', { name: 'Profile' }));
    expect(profile.getByText('dana@brightsmiles.dev')).toBeTruthy();
    expect(profile.getByText('developer')).toBeTruthy();
    expect(profile.getByText('Bright Smiles Software')).toBeTruthy();
    expect(profile.getByRole('link', { name: 'https://brightsmiles.dev' })).toBeTruthy();

    expect(await keyRow('k-stage').findByText('dk_test_AbCd1234')).toBeTruthy();
    expect(keyRow('k-stage').getByText('42 / 500')).toBeTruthy();
    expect(keyRow('k-live').getByText(MSG.pendingApproval)).toBeTruthy();
    expect(screen.getByRole('link', { name: /All users/ }).getAttribute('href')).toBe('/admin/users');
  });

  it('colours log status codes: 2xx green, 4xx yellow, 5xx red, 0 or missing Failed in grey', async () => {
    await openUser();
    const logs = within(await screen.findByRole('table', { name: 'Webhook logs' }));
    expect(columnHeaders(logs)).toEqual([
      'Event Type',
      'Target URL',
      'Status',
      'Response Time',
      'Retries',
      'Timestamp',
    ]);
    expect(logStatus('l-ok')?.textContent).toBe('204');
    expect(logStatus('l-ok')?.getAttribute('data-tone')).toBe('green');
    expect(logStatus('l-client')?.getAttribute('data-tone')).toBe('yellow');
    expect(logStatus('l-server')?.getAttribute('data-tone')).toBe('red');
    expect(logStatus('l-none')?.textContent).toBe('Failed');
    expect(logStatus('l-none')?.getAttribute('data-tone')).toBe('gray');
    expect(logStatus('l-zero')?.textContent).toBe('Failed');
    expect(within(screen.getByTestId('log-row-l-server')).getByText('3001 ms')).toBeTruthy();
    expect(within(screen.getByTestId('log-row-l-client')).getByText('2')).toBeTruthy();
  });

  it("says 'User not found.' for an unknown id", async () => {
    await openUser('u-ghost');
    expect(await screen.findByText(MSG.userNotFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: /All users/ }).getAttribute('href')).toBe('/admin/users');
    expect(screen.queryByText(MSG.failedLoadUserDetails)).toBeNull();
  });

  it("says 'Failed to load user details' when a read fails", async () => {
    await openUser('u-dana', failing('GET /api/admin/users/:id/logs', 500));
    expect(await screen.findByText(MSG.failedLoadUserDetails)).toBeTruthy();
  });

  it("shows the server's detail when a read fails with one (spec section 8)", async () => {
    await openUser('u-dana', failing('GET /api/admin/users/:id/keys', 503, 'Key store is unavailable'));
    expect(await screen.findByText('Key store is unavailable')).toBeTruthy();
    expect(screen.queryByText(MSG.failedLoadUserDetails)).toBeNull();
  });

  it('approves for production: the badge replaces the button and the production key turns active', async () => {
    const { user } = await openUser();
    await user.click(await screen.findByRole('button', { name: 'Approve for Production' }));
    await answerConfirm(user, 'Approve', MSG.confirmApproveUser('dana@brightsmiles.dev'));

    expect(await screen.findByText(MSG.userApprovedForProduction)).toBeTruthy();
    expect(calls('POST /api/admin/users/u-dana/approve-production')).toHaveLength(1);
    expect(await screen.findByText('Approved for production')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve for Production' })).toBeNull();
    await waitFor(() => expect(keyRow('k-live').queryByText(MSG.pendingApproval)).toBeNull());
    expect(keyRow('k-live').getByText('Active')).toBeTruthy();
  });

  it("says 'Approval failed' (or the detail) when approval fails", async () => {
    const { user } = await openUser('u-dana', failing('POST /api/admin/users/:id/approve-production', 500));
    await user.click(await screen.findByRole('button', { name: 'Approve for Production' }));
    await answerConfirm(user, 'Approve');
    expect(await screen.findByText(MSG.approvalFailed)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Approve for Production' })).toBeTruthy();
  });

  it('rotates a key after the confirmation and shows its new prefix', async () => {
    const { user } = await openUser();
    await screen.findByTestId('user-key-k-stage');
    await user.click(keyRow('k-stage').getByRole('button', { name: /Rotate/ }));
    await answerConfirm(user, 'Rotate', MSG.confirmRotateKey);
    expect(await screen.findByText(MSG.keyRotated)).toBeTruthy();
    expect(calls('POST /api/admin/keys/k-stage/rotate')).toHaveLength(1);
    expect(await keyRow('k-stage').findByText('dk_test_Rot00001')).toBeTruthy();
  });

  it("says 'Failed to rotate key' when rotation fails", async () => {
    const { user } = await openUser('u-dana', failing('POST /api/admin/keys/:id/rotate', 500));
    await screen.findByTestId('user-key-k-stage');
    await user.click(keyRow('k-stage').getByRole('button', { name: /Rotate/ }));
    await answerConfirm(user, 'Rotate');
    expect(await screen.findByText(MSG.failedRotateKey)).toBeTruthy();
  });

  it('has no approval button for an admin account', async () => {
    const fake = adminUsersHandlers({
      users: [adminUserFixture({ id: 'u-ada', email: 'ada@platform.example', full_name: 'Ada Admin', role: 'admin' })],
    });
    serve(accountsHandlers(), fake.handlers);
    renderRoute('/admin/users/u-ada', { role: 'admin' });
    expect(await screen.findByText('Administrator')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve for Production' })).toBeNull();
  });
});
