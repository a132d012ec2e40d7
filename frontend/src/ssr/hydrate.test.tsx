import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { must } from '../../../test/support/must';
import { CATEGORIES_KEY } from '../api/get-categories';
import { MARKETPLACE_APPS_KEY } from '../api/get-marketplace-apps';
import { AppProvider } from '../app/provider';
import { AppRouter } from '../app/router';
import { preloadStorefrontScreen } from '../app/storefront-pages';
import { makeApp, makeCategory } from '../features/marketplace/testing/fixtures';
import { marketplaceHandlers } from '../testing/handlers/marketplace';
import { serve } from '../testing/server';
import { hydrateInTransition } from './hydrate';

// A visitor on a slow phone acts on the server-rendered page before hydration is over: what they
// typed or pressed must count, as it does once the page is hydrated.
const imaging = makeCategory({ name: 'Imaging & X-Ray', slug: 'imaging-xray' });
const billing = makeCategory({ name: 'Billing & Insurance', slug: 'billing-insurance' });
const apps = [
  makeApp({ name: 'Alpha Charts', description: 'Perio charting', category_slug: imaging.slug }),
  makeApp({ name: 'Bravo Claims', description: 'Insurance claims', category_slug: billing.slug }),
  makeApp({ name: 'Charlie Scan', description: 'Sensor bridge', category_slug: imaging.slug }),
  makeApp({ name: 'Delta Pay', description: 'Card payments', category_slug: billing.slug }),
];
const fallback = { [MARKETPLACE_APPS_KEY]: apps, [CATEGORIES_KEY]: [imaging, billing] };

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
});

const PATHS = ['/', '/?q=nothing-matches'];
let serverHtml: Record<string, string> = {};

// The server renderer runs in a process of its own, as on the server: in this one it would leave
// its context values behind for the browser renderer that hydrates.
beforeAll(() => {
  const render = resolve('frontend/src/ssr/render.tsx');
  const script = `import { renderStorefront } from ${JSON.stringify(render)};
const out = {};
for (const path of ${JSON.stringify(PATHS)}) out[path] = (await renderStorefront('http://localhost' + path, ${JSON.stringify(fallback)})).html;
process.stdout.write(JSON.stringify(out));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  serverHtml = JSON.parse(out) as Record<string, string>;
}, 60_000);

/** The server's HTML for `path` in #root, at that address, as the browser receives it. */
function serverPage(path: string): HTMLElement {
  const html = serverHtml[path];
  if (!html) throw new Error(`not rendered: ${path}`);
  window.history.replaceState(null, '', path);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/** Starts hydration as the client entry does; it goes on in slices after the current task. */
async function startHydration(container: HTMLElement, path: string) {
  // The API answers what the page was rendered with (SWR revalidates after hydration).
  serve(marketplaceHandlers({ apps, categories: [imaging, billing] }));
  await preloadStorefrontScreen(path);
  root = hydrateInTransition(
    container,
    <StrictMode>
      <AppProvider fallback={fallback}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}

const listed = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('link')
    .map((link) => link.textContent);

// Hydrating the whole page with React's development build takes seconds on a busy machine.
const hydrated = { timeout: 20_000 };

const type = (field: HTMLInputElement, text: string) => {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('a server-rendered storefront page hydrating in a transition', { timeout: 60_000 }, () => {
  it('filters by a search typed while hydration had not reached the search box', async () => {
    const container = serverPage('/');
    const search = container.querySelector<HTMLInputElement>('input[type="search"]');
    if (!search) throw new Error('no search box in the server HTML');
    await startHydration(container, '/');
    type(search, 'claims');

    await waitFor(() => expect(listed('All Applications')).toEqual(['Bravo Claims']), hydrated);
    expect(window.location.search).toBe('?q=claims');
  });

  it('filters by a search typed before the script ran', async () => {
    const container = serverPage('/');
    const search = container.querySelector<HTMLInputElement>('input[type="search"]');
    if (!search) throw new Error('no search box in the server HTML');
    type(search, 'pay');
    await startHydration(container, '/');

    await waitFor(() => expect(listed('All Applications')).toEqual(['Delta Pay']), hydrated);
  });

  it('takes a practice system picked while hydration had not reached the filter', async () => {
    const container = serverPage('/');
    const select = container.querySelector<HTMLSelectElement>('select[aria-label="Practice system"]');
    if (!select) throw new Error('no practice-system filter in the server HTML');
    await startHydration(container, '/');
    const picked = must(select.options[1]).value;
    select.value = picked;
    select.dispatchEvent(new Event('change', { bubbles: true }));

    await waitFor(() => expect(window.location.search).toBe(`?works_with=${picked}`), hydrated);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Practice system' })).toHaveProperty('value', picked),
    );
  });

  it('handles a button pressed before hydration reached it', async () => {
    const container = serverPage('/?q=nothing-matches');
    const clear = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Clear filters');
    if (!clear) throw new Error('no "Clear filters" button in the server HTML');
    await startHydration(container, '/');
    clear.click();

    await waitFor(() => expect(listed('All Applications')).toHaveLength(apps.length), hydrated);
    expect(window.location.search).toBe('');
  });
});
