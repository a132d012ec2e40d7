import { describe, expect, it } from 'vitest';
import { paths } from '../frontend/src/config/paths';
import { privatePathPrefixes, storefrontPaths } from './site-paths';

describe('site paths', () => {
  it('match the SPA routes', () => {
    expect(storefrontPaths.home).toBe(paths.home);
    expect(storefrontPaths.marketplace).toBe(paths.marketplace);
    expect(storefrontPaths.categories).toBe(paths.categories);
    expect(storefrontPaths.category('a b')).toBe(paths.category('a b'));
    expect(storefrontPaths.app('x/y')).toBe(paths.app('x/y'));
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
