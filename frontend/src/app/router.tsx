import { BrowserRouter, Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { MarketplaceLayout } from '../components/layouts/marketplace-layout';
import { withAllRecipes } from '../components/ui/with-all-recipes';
import { paths } from '../config/paths';
import { PublicOnly, RequireRole } from './guards';
import { type Loader, lazyScreen, rootElement, storefrontPages } from './storefront-routes';

/**
 * Every route of docs/spec.md section 2. Only the marketplace layout and the guards are in the entry
 * chunk; each screen, the auth layout and the developer and admin layouts load on demand, so a
 * marketplace visitor never downloads the portal or the admin panel. The storefront pages are in
 * storefront-routes.tsx, which the server renderer imports instead of this table.
 *
 * The table is rendered with `useRoutes` inside a plain <BrowserRouter> (<StaticRouter> on the
 * server): the app loads its data with SWR, not route loaders, and the data router's runtime would
 * cost every visitor about 15 KB gzip more. A React error boundary stands in for `errorElement`.
 */

/** A screen loaded on demand, with every slot recipe of the design system (with-all-recipes.ts). */
function lazyElement(load: Loader, fallbackMinH = '40vh') {
  return lazyScreen(withAllRecipes(load), fallbackMinH);
}

/** A layout route whose own module is lazy (its screens add their own Suspense inside). */
const layout = (load: Loader) => lazyElement(load, '100vh');

export const routes: RouteObject[] = [
  {
    element: rootElement,
    children: [
      {
        element: <MarketplaceLayout />,
        children: [
          ...storefrontPages,
          { path: paths.marketplace, element: <Navigate to={paths.home} replace /> },
          {
            path: paths.purchaseSuccess,
            element: lazyElement(() => import('./routes/marketplace/purchase-success')),
          },
          {
            path: paths.confirmLicense,
            element: lazyElement(() => import('./routes/marketplace/confirm-license')),
          },
          { path: paths.docs, element: lazyElement(() => import('./routes/static/docs')) },
          { path: paths.terms, element: lazyElement(() => import('./routes/static/terms')) },
          { path: paths.privacy, element: lazyElement(() => import('./routes/static/privacy-policy')) },
          { path: paths.support, element: lazyElement(() => import('./routes/static/support')) },
          { path: paths.comingSoon, element: lazyElement(() => import('./routes/static/coming-soon')) },
          {
            element: <PublicOnly />,
            children: [{ path: paths.portal, element: lazyElement(() => import('./routes/portal')) }],
          },
        ],
      },
      {
        path: paths.myPurchases,
        element: <RequireRole allow="developer" redirectTo={paths.login} />,
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
          { path: paths.verifyEmail, element: lazyElement(() => import('./routes/auth/verify-email')) },
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
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/** The route table's elements for the current location (inside any router). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
