import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { getSystem } from '../components/ui/system';

/** Shows where the app navigated to, for assertions on redirects. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

interface RenderRouteOptions {
  /** The route pattern the element is mounted at, e.g. '/marketplace/app/:slug'. */
  path?: string;
  /** The URL the test starts at. */
  url?: string;
}

/**
 * Renders a screen the way the app does (design system, SWR, router) with a fresh SWR cache, so
 * no test sees another's data. Any other path renders a probe showing the current location.
 */
export function renderRoute(element: ReactElement, { path = '/', url = path }: RenderRouteOptions = {}) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [url] },
  );
  const utils = render(
    <ChakraProvider value={getSystem()}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </ChakraProvider>,
  );
  return { ...utils, router };
}

/** Signs a user in the way the login page does: token and role in local storage. */
export function signIn(role: 'developer' | 'admin' = 'developer', token = 'test-token') {
  localStorage.setItem('token', token);
  localStorage.setItem('role', role);
}
