/**
 * End to end in Debian Chromium: a developer creates a staging and a production key (the
 * production one pending), the admin approves the developer in User Management, the production
 * key turns active, the developer rotates a key and the old one stops working on the Partner API.
 */

import { MSG } from '@shared/messages';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { mailsTo, register, uniqueEmail } from '../support/api';
import { oneBrowserPerFile, signInAsAdmin, signInAsDeveloper } from './support/browser';

const openPage = oneBrowserPerFile();

const partnerMe = (key: string) => fetch(`${inject('apiUrl')}/v1/me`, { headers: { 'x-api-key': key } });

async function createKey(page: Page, type: 'Staging' | 'Production', message: string): Promise<string> {
  await page.getByRole('button', { name: 'Create Key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(type, { exact: true }).click();
  await dialog.getByRole('button', { name: `Create ${type} Key` }).click();
  await page.getByText(message).first().waitFor();
  const full = (await page.getByTestId('full-api-key').textContent())?.trim() ?? '';
  await page.getByRole('button', { name: "I've saved my key" }).click();
  return full;
}

describe('API keys and developer approval in the browser', () => {
  it('staging works at once, production waits for approval, rotation revokes the old key', async () => {
    const email = uniqueEmail('keys');
    await register({ full_name: 'Key Maker', email, password: 'key-secret', company_name: 'Keys Dental' });

    const dev = await openPage();
    await signInAsDeveloper(dev.page, email, 'key-secret');
    // Production keys need a verified address: the developer follows the mailed link.
    await dev.page.getByRole('button', { name: MSG.resendVerification }).waitFor();
    const link = (await mailsTo(email))
      .map((m) => /\/verify-email\?token=[A-Za-z0-9_-]+/.exec(m.text ?? '')?.[0])
      .find(Boolean);
    await dev.page.goto(link as string);
    await dev.page.getByText(MSG.emailVerified).waitFor();
    await dev.page.goto('/dashboard/api-keys');

    const staging = await createKey(dev.page, 'Staging', MSG.stagingKeyCreated);
    expect(staging).toMatch(/^dk_[0-9A-Za-z]{4}_test_/);
    expect((await partnerMe(staging)).status).toBe(200);

    const production = await createKey(dev.page, 'Production', MSG.productionKeyCreated);
    expect(production).toMatch(/^dk_[0-9A-Za-z]{4}_live_/);
    const keysTable = dev.page.getByRole('table', { name: 'API keys' });
    await keysTable.getByText('Pending Approval').waitFor();
    expect((await partnerMe(production)).status).toBe(401);
    // The list never shows a full key again.
    expect(await dev.page.content()).not.toContain(production);

    // The admin approves the developer in User Management.
    const admin = await openPage();
    await signInAsAdmin(admin.page);
    await admin.page.goto('/admin/users');
    await admin.page.getByLabel('Search users').fill(email);
    const row = admin.page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await row.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText(MSG.confirmApproveUser(email)).waitFor();
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText(MSG.userApproved(email)).first().waitFor();

    // The production key is active now.
    await dev.page.reload();
    await keysTable.waitFor();
    await expect.poll(async () => (await keysTable.getByText('Pending Approval').count()) === 0).toBe(true);
    expect((await partnerMe(production)).status).toBe(200);

    // Rotating the staging key revokes the old one at once.
    const stagingRow = keysTable.getByRole('row').filter({ hasText: staging.slice(0, 20) });
    await stagingRow.getByRole('button', { name: /^Rotate/ }).click();
    await dev.page.getByText(MSG.confirmRotateKey).waitFor();
    await dev.page
      .getByRole('alertdialog')
      .getByRole('button', { name: /rotate|confirm/i })
      .click();
    const rotated = (await dev.page.getByTestId('full-api-key').textContent())?.trim() ?? '';
    expect(rotated).toMatch(/^dk_[0-9A-Za-z]{4}_test_/);
    expect(rotated).not.toBe(staging);
    expect((await partnerMe(staging)).status).toBe(401);
    expect((await partnerMe(rotated)).status).toBe(200);

    await dev.context.close();
    await admin.context.close();
  });
});
