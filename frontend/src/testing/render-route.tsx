import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { type StoredRole, setSession } from '../lib/auth-storage';

/**
 * Renders the whole app (providers, guards, layouts, lazy screens) at `path`, optionally with a
 * stored session, on a fresh SWR cache. `location()` reads where the router ended up.
 */
export function renderRoute(path: string, opts: { role?: StoredRole; token?: string } = {}) {
  if (opts.role) setSession(opts.token ?? `${opts.role}-token`, opts.role);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup({ delay: null });
  const utils = render(
    <AppProvider>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </AppProvider>,
  );
  return {
    ...utils,
    router,
    user,
    location: () => router.state.location,
  };
}

/** Sets a labelled field's value in one change event (much faster than typing key by key). */
export function fillIn(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
