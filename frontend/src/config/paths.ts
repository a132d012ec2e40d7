import { storefrontPaths } from '@shared/site-paths';

/**
 * Every SPA path, and href helpers for the ones with parameters (docs/spec.md section 2). The pages
 * mails link to are written out as in shared/site-paths.ts's tokenLinkPaths (shared/site-paths.test.ts
 * holds them equal) rather than spread from it, which would cost the visitor's entry chunk bytes.
 */
export const paths = {
  // The storefront's pages, which the server's sitemap lists too.
  ...storefrontPaths,
  purchaseSuccess: '/marketplace/purchase-success',
  myPurchases: '/marketplace/my-purchases',
  confirmLicense: '/marketplace/confirm-license',
  portal: '/portal',
  login: '/login',
  loginLink: '/login/link',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  claimAccount: '/claim-account',
  acceptInvitation: '/accept-invitation',
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
