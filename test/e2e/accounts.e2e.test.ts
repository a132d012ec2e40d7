/**
 * End-to-end in a real headless Chromium against the built SPA on the local runtime: a developer
 * signs up, signs in, reaches the dashboard and logs out; a forgotten password is reset through
 * the e-mailed link; the admin signs in and reaches /admin; a developer is sent away from /admin.
 */

import { MSG } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { mailsTo, register, uniqueEmail } from '../support/api';
import { oneBrowserPerFile, signInAsAdmin } from './support/browser';

const openPage = oneBrowserPerFile();

async function signIn(page: import('playwright-core').Page, email: string, password: string) {
  await page.goto('/login');
  // The form is the SPA's: wait for its heading so nothing is typed into a page still loading.
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('accounts in the browser', () => {
  it('a developer signs up, is sent to sign-in after 3 s, signs in, reaches the dashboard and logs out', async () => {
    const { context, page } = await openPage();
    const email = uniqueEmail('e2e');
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText(MSG.allRequired).isVisible()).toBe(true);

    await page.getByLabel('Full Name').fill('Dr. Erin Walsh');
    await page.getByLabel('Company Name').fill('Walsh Dental Software');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText(MSG.passwordTooShort).isVisible()).toBe(true);

    await page.getByLabel(/^Password/).fill('walsh-secret');
    const started = Date.now();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Redirecting you to sign in...').waitFor();
    await page.waitForURL('**/login');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);

    await signIn(page, email, 'wrong-password');
    await page.getByText('Incorrect email or password').waitFor();
    await signIn(page, email.toUpperCase(), 'walsh-secret');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('developer');

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // Signed out, the developer area sends the visitor back to sign-in.
    await page.goto('/dashboard/apps');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('a forgotten password is reset through the e-mailed single-use link', async () => {
    const { context, page } = await openPage();
    const email = uniqueEmail('reset');
    await register({ full_name: 'Reset Me', email, password: 'old-secret', company_name: 'Reset Co' });

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(MSG.forgotSuccess).waitFor();

    let link = '';
    await expect
      .poll(async () => {
        // The first mail is the sign-up's verification link; take the reset link.
        const texts = (await mailsTo(email)).map((m) => m.text ?? '');
        link = texts.map((t) => /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(t)?.[0]).find(Boolean) ?? '';
        return link;
      })
      .not.toBe('');
    await page.goto(link);
    await page.getByLabel(/^New Password/).fill('new-secret');
    await page.getByLabel('Confirm New Password').fill('new-secret');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText(/has been reset/i).waitFor();

    await signIn(page, email, 'new-secret');
    await page.waitForURL('**/dashboard');

    // The link is single-use.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await page.getByLabel(/^New Password/).fill('third-secret');
    await page.getByLabel('Confirm New Password').fill('third-secret');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('This reset link is invalid or has expired.').waitFor();
    await context.close();
  });

  it('the admin signs in and reaches /admin; a developer is sent away from /admin', async () => {
    const { context, page } = await openPage();
    await signInAsAdmin(page);
    await page.getByText('Admin Panel').first().waitFor();
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/admin-login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    // A developer's stored session does not open the admin area.
    const dev = uniqueEmail('dev-admin');
    await register({ full_name: 'Dev', email: dev, password: 'dev-secret', company_name: 'Dev Co' });
    await signIn(page, dev, 'dev-secret');
    await page.waitForURL('**/dashboard');
    await page.goto('/admin/users');
    await page.waitForURL('**/admin-login');
    await context.close();
  });
});
