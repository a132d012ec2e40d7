import { type ComponentType, lazy, Suspense, use } from 'react';
import { matchRoutes, Outlet, type RouteObject } from 'react-router-dom';
import { MarketplaceLayout } from '../components/layouts/marketplace-layout';
import { PageSpinner } from '../components/ui/page-spinner';
import { RouteErrorBoundary } from '../components/ui/route-error';
import { paths } from '../config/paths';

/**
 * The storefront's routes (/, the categories, a category, an app), in a module of their own: the
 * browser's route table (router.tsx, with storefront-pages.ts) nests them under the same root and
 * layout as the server's (ssr/storefront-screens.ts, rendered by ssr/render.tsx), so the server
 * renders exactly the tree the browser hydrates, without importing the developer portal and admin
 * screens it never renders.
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

/** The modules of the four storefront screens, each loaded by a Loader. */
export interface StorefrontScreens {
  home: Loader;
  categories: Loader;
  category: Loader;
  app: Loader;
}

/**
 * The four storefront pages, children of the marketplace layout, with their screens from `screens`:
 * loaded on demand in the browser (storefront-pages.ts), imported with the server renderer
 * (ssr/storefront-screens.ts). This module imports none of them, so the server's bundle holds no
 * `import()` of a screen: esbuild would wrap every module such an import reaches for lazy
 * evaluation and could no longer leave out what the pages do not use.
 */
export const storefrontPagesOf = (screens: StorefrontScreens): RouteObject[] => [
  storefrontRoute(undefined, screens.home),
  storefrontRoute(paths.categories, screens.categories),
  storefrontRoute('/marketplace/category/:slug', screens.category),
  storefrontRoute('/marketplace/app/:slug', screens.app),
];

/** What the server renders: the storefront pages, nested as in router.tsx. */
export const storefrontRoutesOf = (pages: RouteObject[]): RouteObject[] => [
  { element: rootElement, children: [{ element: <MarketplaceLayout />, children: pages }] },
];

/** Loads the screen of the storefront page at `pathname` (nothing elsewhere): see storefrontRoute. */
export async function preloadScreenAt(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((m) => (m.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.()));
}
