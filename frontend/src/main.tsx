import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { preloadStorefrontScreen } from './app/storefront-pages';
import { getSystem, keepServerGlobalStyles } from './components/ui/system';
import { parseWithoutEval } from './lib/zod-without-eval';
import { readSsrData } from './ssr/data';
import { hydrateInTransition } from './ssr/hydrate';

parseWithoutEval();
const container = document.getElementById('root') as HTMLElement;
// Storefront pages (/, categories, a category, an app) arrive rendered with their data: hydrate
// them with the same data. Every other page is the plain SPA.
const ssr = readSsrData(document);
const app = (
  <StrictMode>
    <AppProvider fallback={ssr?.fallback}>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);
if (ssr && container.hasChildNodes()) {
  keepServerGlobalStyles();
  // The page's screen first (its chunk is already preloaded), so hydration never waits for it.
  // Should it fail to load, hydration goes ahead and the route's error boundary says so.
  // Meanwhile the design system is made in a task of its own, after the one that evaluated the
  // scripts: two shorter tasks instead of one long one a slow phone spends unresponsive.
  const screen = preloadStorefrontScreen(window.location.pathname).catch(() => undefined);
  const system = new Promise<unknown>((made) => setTimeout(() => made(getSystem()), 0));
  Promise.all([screen, system]).then(() => hydrateInTransition(container, app));
} else createRoot(container).render(app);
