import { describe, expect, it } from 'vitest';
import { paths } from '../frontend/src/config/paths';
import { privatePathPrefixes } from './site-paths';

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
});
