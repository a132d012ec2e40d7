import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paths } from '../frontend/src/config/paths';
import { privatePathPrefixes, siteUrl, tokenLink, tokenLinkPaths } from './site-paths';

describe('site paths', () => {
  it("keep the SPA's private pages out of search engines", () => {
    for (const p of [
      paths.dashboard,
      paths.admin,
      paths.adminLogin,
      paths.login,
      paths.signup,
      paths.forgotPassword,
      paths.resetPassword,
      paths.purchaseSuccess,
      paths.myPurchases,
    ]) {
      expect(privatePathPrefixes.some((prefix) => p.startsWith(prefix))).toBe(true);
    }
  });

  it("are the SPA's own pages where the server's mails link with a token", () => {
    const { appAccess, ...spaPaths } = tokenLinkPaths;
    for (const [page, path] of Object.entries(spaPaths)) expect(paths[page as keyof typeof paths], page).toBe(path);
    // The access link's page is not in paths.ts (the visitor's entry chunk is at its budget): the
    // routes outside the marketplace layout name it.
    expect(readFileSync('frontend/src/app/portal-routes.tsx', 'utf8')).toContain(`'${appAccess}'`);
  });

  it('build links under the origin whatever trailing slashes it was configured with, the token encoded', () => {
    expect(siteUrl('https://apps.example.com//', '/dashboard/apps')).toBe('https://apps.example.com/dashboard/apps');
    expect(tokenLink('https://apps.example.com/', '/reset-password', 'a+b/c=')).toBe(
      'https://apps.example.com/reset-password?token=a%2Bb%2Fc%3D',
    );
  });
});
