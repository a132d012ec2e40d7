import { type ComponentType, lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { MarketplaceLayout } from '../components/layouts/marketplace-layout';
import { PageSpinner } from '../components/ui/page-spinner';
import { RouteErrorBoundary } from '../components/ui/route-error';
import { paths } from '../config/paths';

/**
 * The storefront's routes (/, the categories, a category, an app), in a module of their own: the
 * browser's route table (router.tsx) nests them under the same root and layout as the server's
 * (`storefrontRoutes`, rendered by ssr/render.tsx), so the server renders exactly the tree the
 * browser hydrates, without importing the developer portal and admin screens it never renders.
 */
export type Loader = () => Promise<{ default: ComponentType }>;

/** A screen loaded on demand, with a spinner of at least `fallbackMinH` while it loads. */
export function lazyScreen(load: Loader, fallbackMinH: string) {
  const Component = lazy(load);
  return (
    <Suspense fallback={<PageSpinner minH={fallbackMinH} />}>
      <Component />
    </Suspense>
  );
}

/**
 * A storefront screen: server-rendered, it adds the few slot recipes it uses beyond the system's
 * own, so a visitor does not download all of them.
 */
const storefrontElement = (load: Loader) => lazyScreen(load, '40vh');

/** The root of every route: an error boundary around the matched branch. */
export const rootElement = (
  <RouteErrorBoundary>
    <Outlet />
  </RouteErrorBoundary>
);

/** The four storefront pages, children of the marketplace layout. */
export const storefrontPages: RouteObject[] = [
  { index: true, element: storefrontElement(() => import('./routes/marketplace/home')) },
  { path: paths.categories, element: storefrontElement(() => import('./routes/marketplace/categories')) },
  {
    path: '/marketplace/category/:slug',
    element: storefrontElement(() => import('./routes/marketplace/category')),
  },
  {
    path: '/marketplace/app/:slug',
    element: storefrontElement(() => import('./routes/marketplace/app-detail')),
  },
];

/** What the server renders: the storefront pages, nested as in router.tsx. */
export const storefrontRoutes: RouteObject[] = [
  { element: rootElement, children: [{ element: <MarketplaceLayout />, children: storefrontPages }] },
];
