import { type ComponentType, lazy, Suspense, use } from 'react';
import { matchRoutes, Outlet, type RouteObject } from 'react-router-dom';
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
 * A storefront screen (/, the categories, a category, an app): server-rendered, it adds the few
 * slot recipes it uses beyond the system's own, so a visitor does not download all of them.
 *
 * Unlike React.lazy, its module can be loaded before the first render (`preload`, in the route's
 * `handle`): the client entry loads the server-rendered page's screen before it hydrates, so
 * hydration never waits at this boundary. A click or key press that arrives while hydration is
 * still under way then finds the whole page hydratable at once and is handled, not dropped.
 */
interface PreloadableScreen {
  Component?: ComponentType;
  preload(): Promise<void>;
}

function StorefrontScreen({ screen }: { screen: PreloadableScreen }) {
  if (!screen.Component) use(screen.preload());
  const Screen = screen.Component as ComponentType;
  return <Screen />;
}

function storefrontRoute(path: string | undefined, load: Loader): RouteObject {
  let loading: Promise<void> | undefined;
  const screen: PreloadableScreen = {
    preload: () => {
      loading ??= load().then((module) => {
        screen.Component = module.default;
      });
      return loading;
    },
  };
  const element = (
    <Suspense fallback={<PageSpinner minH="40vh" />}>
      <StorefrontScreen screen={screen} />
    </Suspense>
  );
  const handle = { preload: screen.preload };
  return path ? { path, element, handle } : { index: true, element, handle };
}

/** The root of every route: an error boundary around the matched branch. */
export const rootElement = (
  <RouteErrorBoundary>
    <Outlet />
  </RouteErrorBoundary>
);

/** The four storefront pages, children of the marketplace layout. */
export const storefrontPages: RouteObject[] = [
  storefrontRoute(undefined, () => import('./routes/marketplace/home')),
  storefrontRoute(paths.categories, () => import('./routes/marketplace/categories')),
  storefrontRoute('/marketplace/category/:slug', () => import('./routes/marketplace/category')),
  storefrontRoute('/marketplace/app/:slug', () => import('./routes/marketplace/app-detail')),
];

/** What the server renders: the storefront pages, nested as in router.tsx. */
export const storefrontRoutes: RouteObject[] = [
  { element: rootElement, children: [{ element: <MarketplaceLayout />, children: storefrontPages }] },
];

/** Loads the screen of the storefront page at `pathname` (nothing elsewhere): see storefrontRoute. */
export async function preloadStorefrontScreen(pathname: string): Promise<void> {
  const matches = matchRoutes(storefrontRoutes, pathname) ?? [];
  await Promise.all(matches.map((m) => (m.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.()));
}
