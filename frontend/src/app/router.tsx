import { BrowserRouter, Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { MarketplaceLayout } from '../components/layouts/marketplace-layout';
import { paths } from '../config/paths';
import { PublicOnly } from './guards';
import { lazyElement } from './lazy-element';
import { storefrontPages } from './storefront-pages';
import { lazyScreen, rootElement } from './storefront-routes';

/**
 * Every route of docs/spec.md section 2. Only the marketplace layout's routes are in the entry chunk
 * (the storefront pages of storefront-routes.tsx, which the server renderer imports instead of this
 * table); each screen loads on demand, and the routes outside the marketplace layout (sign-in, the
 * developer portal, the admin panel, my purchases) are a table of their own (portal-routes.tsx)
 * loaded with the first of their addresses, so a marketplace visitor never downloads them.
 *
 * The table is rendered with `useRoutes` inside a plain <BrowserRouter> (<StaticRouter> on the
 * server): the app loads its data with SWR, not route loaders, and the data router's runtime would
 * cost every visitor about 15 KB gzip more. A React error boundary stands in for `errorElement`.
 */

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
      // Every other area (sign-in, the developer portal, the admin panel, my purchases) has its
      // route table in a module of its own, loaded when its address is visited: a visitor's first
      // download holds neither their table nor the list of their chunks.
      { path: '*', element: lazyScreen(() => import('./portal-routes'), '100vh') },
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
