import { storefrontPaths } from '../../../shared/site-paths';

/**
 * Every SPA path, and href helpers for the ones with parameters (docs/spec.md section 2). The public
 * storefront pages come from shared/site-paths.ts, which the server's sitemap uses too.
 */
export const paths = {
  ...storefrontPaths,
  purchaseSuccess: '/marketplace/purchase-success',
  myPurchases: '/marketplace/my-purchases',
  confirmLicense: '/marketplace/confirm-license',
  portal: '/portal',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  adminLogin: '/admin-login',
  docs: '/docs',
  terms: '/terms',
  privacy: '/privacy-policy',
  support: '/support',
  comingSoon: '/coming-soon',
  dashboard: '/dashboard',
  apiKeys: '/dashboard/api-keys',
  myApps: '/dashboard/apps',
  webhooks: '/dashboard/webhooks',
  devMarketplace: '/dashboard/marketplace',
  submitApp: '/dashboard/submit-app',
  quickCreate: '/dashboard/submit-app?mode=simple',
  editApp: (id: string) => `/dashboard/submit-app?mode=edit&appId=${encodeURIComponent(id)}`,
  admin: '/admin',
  adminUsers: '/admin/users',
  adminUser: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
  adminApps: '/admin/apps',
  adminLogs: '/admin/logs',
  adminSettings: '/admin/settings',
  adminSync: '/admin/internal-sync',
  adminCategories: '/admin/categories',
  adminQueue: '/admin/queue',
} as const;
