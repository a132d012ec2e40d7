import { StrictMode } from 'react';
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
if (ssr && container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
