import { Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { paths } from '../config/paths';
import { PublicOnly, RequireRole } from './guards';
import { layout, lazyElement } from './lazy-element';

const BUYERS = ['developer', 'practice'] as const;
/** The licence mail's access link (kept out of paths.ts: the visitor's entry chunk is at its budget). */
const APP_ACCESS = '/marketplace/app-access';

/**
 * The routes outside the marketplace layout (my purchases, sign-in and sign-up, the developer
 * portal, the admin panel), under router.tsx's catch-all: loaded when one of their addresses is
 * visited, so a marketplace visitor's first download holds neither this table nor the list of
 * chunks its screens need. Any other address goes home.
 */
export const portalRoutes: RouteObject[] = [
  {
    path: paths.myPurchases,
    // Deviation from the spec (README): practices buy too, so the guard admits both buyer roles.
    element: <RequireRole allow={BUYERS} redirectTo={paths.login} />,
    children: [{ index: true, element: layout(() => import('./routes/marketplace/my-purchases')) }],
  },
  {
    element: layout(() => import('../components/layouts/auth-layout')),
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: paths.login, element: lazyElement(() => import('./routes/auth/login')) },
          { path: paths.signup, element: lazyElement(() => import('./routes/auth/signup')) },
          { path: paths.forgotPassword, element: lazyElement(() => import('./routes/auth/forgot-password')) },
          { path: paths.adminLogin, element: lazyElement(() => import('./routes/auth/admin-login')) },
        ],
      },
      // Not public-only: a reset link must work whoever is signed in on this browser.
      { path: paths.resetPassword, element: lazyElement(() => import('./routes/auth/reset-password')) },
      // A mailed sign-in link (offered after repeated failed sign-ins).
      { path: paths.loginLink, element: lazyElement(() => import('./routes/auth/login-link')) },
      { path: paths.verifyEmail, element: lazyElement(() => import('./routes/auth/verify-email')) },
      // A guest's claim link: works signed out (a new practice) and signed in (the address joins).
      { path: paths.claimAccount, element: lazyElement(() => import('./routes/auth/claim-account')) },
      { path: paths.acceptInvitation, element: lazyElement(() => import('./routes/auth/accept-invitation')) },
      // The licence mail's access link: a guest sees and revokes an app's access without signing in.
      { path: APP_ACCESS, element: lazyElement(() => import('./routes/marketplace/app-access')) },
    ],
  },
  {
    path: paths.dashboard,
    element: <RequireRole allow="developer" redirectTo={paths.login} />,
    children: [
      {
        element: layout(() => import('../components/layouts/developer-layout')),
        children: [
          { index: true, element: lazyElement(() => import('./routes/developer/dashboard')) },
          { path: 'api-keys', element: lazyElement(() => import('./routes/developer/api-keys')) },
          { path: 'apps', element: lazyElement(() => import('./routes/developer/apps')) },
          { path: 'webhooks', element: lazyElement(() => import('./routes/developer/webhooks')) },
          { path: 'marketplace', element: lazyElement(() => import('./routes/developer/marketplace')) },
          { path: 'submit-app', element: lazyElement(() => import('./routes/developer/submit-app')) },
        ],
      },
    ],
  },
  {
    path: paths.admin,
    element: <RequireRole allow="admin" redirectTo={paths.adminLogin} />,
    children: [
      {
        element: layout(() => import('../components/layouts/admin-layout')),
        children: [
          { index: true, element: lazyElement(() => import('./routes/admin/dashboard')) },
          { path: 'users', element: lazyElement(() => import('./routes/admin/users')) },
          { path: 'users/:id', element: lazyElement(() => import('./routes/admin/user')) },
          { path: 'apps', element: lazyElement(() => import('./routes/admin/apps')) },
          { path: 'logs', element: lazyElement(() => import('./routes/admin/logs')) },
          { path: 'settings', element: lazyElement(() => import('./routes/admin/settings')) },
          { path: 'internal-sync', element: lazyElement(() => import('./routes/admin/internal-sync')) },
          { path: 'categories', element: lazyElement(() => import('./routes/admin/categories')) },
          { path: 'queue', element: lazyElement(() => import('./routes/admin/queue')) },
          { path: 'sync-history', element: lazyElement(() => import('./routes/admin/sync-history')) },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to={paths.home} replace /> },
];

export default function PortalRoutes() {
  return useRoutes(portalRoutes);
}
