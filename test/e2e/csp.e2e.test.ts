/**
 * The SPA works under the Content-Security-Policy CloudFront sends (the local
 * server sends the same one, shared/csp.ts): the home page, sign-in and the developer dashboard
 * render, and the browser reports no violation (no inline script, no eval, no blocked request).
 */
import { describe, expect, it } from 'vitest';
import { oneBrowserPerFile, signInAsDeveloper } from './support/browser';

const DEMO_DEVELOPER = { email: 'dr.chen@brightsmile.dev', password: 'demo1234' };
const openPage = oneBrowserPerFile();

describe('Content-Security-Policy', () => {
  it('the SPA renders, signs in and loads the dashboard with no violation', async () => {
    const { context, page } = await openPage();
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
      });
    });

    const response = await page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client;");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    await page.getByText('Featured Apps').first().waitFor();

    await signInAsDeveloper(page, DEMO_DEVELOPER.email, DEMO_DEVELOPER.password);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    expect(violations).toEqual([]);
    await context.close();
  }, 60_000);
});
