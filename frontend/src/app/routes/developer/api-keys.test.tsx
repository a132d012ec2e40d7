import { MSG } from '@shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { answerConfirm } from '@/testing/confirm';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { apiKeyFixture, apiKeysHandlers } from '@/testing/handlers/api-keys';
import { renderRoute } from '@/testing/render-route';
import { calls, failing, type Handlers, serve } from '@/testing/server';
import { columnHeaders } from '@/testing/table';

const existing = [
  apiKeyFixture({ id: 'k1', key: 'dk_AbCd_test_Xy12345', type: 'staging', usage_count: 12 }),
  apiKeyFixture({ id: 'k2', key: 'dk_WxYz_live_Qr98765', type: 'production', is_active: false }),
];

async function openKeys(opts: Parameters<typeof apiKeysHandlers>[0] = {}, extra: Handlers = []) {
  const fake = apiKeysHandlers(opts);
  serve(accountsHandlers(), fake.handlers, extra);
  const view = renderRoute('/dashboard/api-keys', { role: 'developer' });
  await screen.findByRole('heading', { name: 'API Keys' });
  return { ...view, db: fake.db };
}

const table = () => screen.findByRole('table', { name: 'API keys' });
const row = (id: string) => within(screen.getByTestId(`key-row-${id}`));

async function createKey(user: ReturnType<typeof renderRoute>['user'], type: 'Staging' | 'Production') {
  await user.click(screen.getByRole('button', { name: 'Create Key' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create API Key' }));
  if (type === 'Production') await user.click(dialog.getByRole('radio', { name: /Production/ }));
  await user.click(dialog.getByRole('button', { name: `Create ${type} Key` }));
}

// The toaster store outlives a test; start each one without the previous test's toasts.
afterEach(() => toaster.remove());

describe('API keys (/dashboard/api-keys)', () => {
  it('lists keys: 20 characters in the key column, 8 and an ellipsis in the compact view', async () => {
    await openKeys({ keys: existing });
    const keys = within(await table());
    expect(columnHeaders(keys)).toEqual(['Key', 'Type', 'Status', 'Usage today', 'Created', 'Actions']);
    expect(row('k1').getByText('dk_AbCd_test_Xy12345')).toBeTruthy();
    expect(row('k1').getByText('Staging')).toBeTruthy();
    expect(row('k1').getByText('Active')).toBeTruthy();
    expect(row('k1').getByText('12 / 500')).toBeTruthy();
    expect(row('k2').getByText('Production')).toBeTruthy();
    expect(row('k2').getByText(MSG.pendingApproval)).toBeTruthy();
    expect(row('k2').getByText('0 / 10,000')).toBeTruthy();

    const compact = within(screen.getByRole('list', { name: 'API keys (compact)' }));
    // The first 8 characters plus an ellipsis tell the keys apart.
    expect(compact.getByText('dk_AbCd_…')).toBeTruthy();
    expect(compact.getByText('dk_WxYz_…')).toBeTruthy();
    expect(screen.getByRole('link', { name: /API documentation/ }).getAttribute('href')).toBe('/docs');
  });

  it('creates a staging key, shows the full key once with a copy button, then lists only its prefix', async () => {
    const { user } = await openKeys();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    await createKey(user, 'Staging');

    expect(await screen.findByText(MSG.stagingKeyCreated)).toBeTruthy();
    expect(calls('POST /api/keys')[0]?.body).toEqual({ type: 'staging' });
    const secret = within(await screen.findByRole('dialog', { name: /New staging key/ }));
    expect(secret.getByText("Copy this key now: you won't be able to see it again")).toBeTruthy();
    const fullKey = secret.getByTestId('full-api-key').textContent ?? '';
    expect(fullKey).toMatch(/^dk_[0-9A-Za-z]{4}_test_[0-9A-Za-z]{40}$/);

    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(secret.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(fullKey);
    expect(await secret.findByRole('button', { name: 'Copied' })).toBeTruthy();

    await user.click(secret.getByRole('button', { name: "I've saved my key" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(await table()).findByText(fullKey.slice(0, 20))).toBeTruthy();
    expect(screen.queryByText(fullKey)).toBeNull();
    expect(document.body.textContent).not.toContain(fullKey);
  });

  it("creates a production key that is 'Pending Approval' with the spec's message", async () => {
    const { user } = await openKeys({ keys: existing });
    await table();
    await createKey(user, 'Production');
    expect(await screen.findByText(MSG.productionKeyCreated)).toBeTruthy();
    expect(calls('POST /api/keys')[0]?.body).toEqual({ type: 'production' });
    await user.click(await screen.findByRole('button', { name: "I've saved my key" }));
    expect(await row('new-1').findByText(MSG.pendingApproval)).toBeTruthy();
    expect(row('new-1').getByText('0 / 10,000')).toBeTruthy();
  });

  it("says 'Failed to create key: {detail or message}'", async () => {
    const { user } = await openKeys({}, failing('POST /api/keys', 400, 'Too many keys'));
    await createKey(user, 'Staging');
    expect(await screen.findByText('Failed to create key: Too many keys')).toBeTruthy();

    serve(failing('POST /api/keys', 500));
    await user.click(await screen.findByRole('button', { name: 'Create Staging Key' }));
    expect(await screen.findByText('Failed to create key: Request failed with status 500')).toBeTruthy();
    // No key was revealed.
    expect(screen.queryByTestId('full-api-key')).toBeNull();
  });

  it('rotates after the confirmation, shows the new full key once and the new prefix', async () => {
    const { user } = await openKeys({ keys: existing });
    await table();
    await user.click(row('k1').getByRole('button', { name: /Rotate/ }));
    await answerConfirm(user, 'Cancel', MSG.confirmRotateKey);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('PUT /api/keys/k1/rotate')).toHaveLength(0);

    await user.click(row('k1').getByRole('button', { name: /Rotate/ }));
    await answerConfirm(user, 'Rotate');
    expect(await screen.findByText(MSG.keyRotated)).toBeTruthy();
    expect(calls('PUT /api/keys/k1/rotate')).toHaveLength(1);
    const fullKey = (await screen.findByTestId('full-api-key')).textContent ?? '';
    expect(fullKey).toMatch(/^dk_[0-9A-Za-z]{4}_test_/);
    await user.click(screen.getByRole('button', { name: "I've saved my key" }));
    expect(await row('k1').findByText(fullKey.slice(0, 20))).toBeTruthy();
    expect(row('k1').queryByText('dk_AbCd_test_Xy12345')).toBeNull();
  });

  it('shows the replacement of a key an admin rotated once, then only its prefix', async () => {
    const { user } = await openKeys({
      keys: [apiKeyFixture({ id: 'k9', key: 'dk_Mn0p_test_Rep1234', replacement_ready: true }), ...existing],
    });
    await table();
    expect(row('k9').getByText('Rotated by admin')).toBeTruthy();
    expect(row('k1').queryByRole('button', { name: /Show new key/ })).toBeNull();
    await user.click(row('k9').getByRole('button', { name: /Show new key/ }));
    const secret = within(await screen.findByRole('dialog', { name: /Replacement staging key/ }));
    const fullKey = secret.getByTestId('full-api-key').textContent ?? '';
    expect(fullKey.startsWith('dk_Mn0p_test_Rep1234')).toBe(true);
    expect(calls('POST /api/keys/k9/reveal')).toHaveLength(1);
    await user.click(secret.getByRole('button', { name: "I've saved my key" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(row('k9').queryByRole('button', { name: /Show new key/ })).toBeNull());
    expect(document.body.textContent).not.toContain(fullKey);
  });

  it('deletes after the confirmation and removes the row', async () => {
    const { user } = await openKeys({ keys: existing });
    await table();
    await user.click(row('k2').getByRole('button', { name: /Delete/ }));
    await answerConfirm(user, 'Delete', MSG.confirmDeleteKey);
    expect(await screen.findByText(MSG.keyDeleted)).toBeTruthy();
    expect(calls('DELETE /api/keys/k2')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('key-row-k2')).toBeNull());
    expect(screen.getByTestId('key-row-k1')).toBeTruthy();
  });

  it.each([
    { verb: 'Rotate', id: 'k1', failing: failing('PUT /api/keys/:id/rotate', 500), says: MSG.failedRotateKey },
    { verb: 'Delete', id: 'k2', failing: failing('DELETE /api/keys/:id', 500), says: MSG.failedDeleteKey },
  ])("says '$says' when $verb fails, and the key stays as it was", async ({ verb, id, failing, says }) => {
    const { user } = await openKeys({ keys: existing }, failing);
    await table();
    await user.click(row(id).getByRole('button', { name: new RegExp(verb) }));
    await answerConfirm(user, verb);
    expect(await screen.findByText(says)).toBeTruthy();
    expect(screen.queryByTestId('full-api-key')).toBeNull();
    expect(screen.getByTestId(`key-row-${id}`)).toBeTruthy();
  });
});
