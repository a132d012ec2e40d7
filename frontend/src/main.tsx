import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
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
// Hydration in a transition: React hydrates in slices of a few milliseconds and yields to the
// browser between them (a plain hydrateRoot is one long task on a slow phone), and a click or key
// press on a part not yet hydrated makes React hydrate that part first.
if (ssr && container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
