import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { keepServerGlobalStyles } from './components/ui/system';
import { readSsrData } from './ssr/data';

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
// Hydration is one task, not a transition: a transition yields to the browser between slices, but a
// search typed or a button pressed on a part not yet hydrated was lost (there are no Suspense
// boundaries for React to hydrate first and replay the event into).
if (ssr && container.hasChildNodes()) {
  keepServerGlobalStyles();
  hydrateRoot(container, app);
} else createRoot(container).render(app);
