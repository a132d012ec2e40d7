/**
 * The storefront's server renderer: the same storefront routes, providers and components as the
 * browser (app/storefront-routes.tsx through ssr/storefront-screens.ts, nested as in app/router.tsx; app/provider.tsx), rendered to HTML with the page's API answers as SWR
 * fallback data, and the Chakra UI (emotion) styles the HTML uses extracted for the <head>.
 * Runs in the storefront Lambda (functions/storefront/) and, locally, in the local server.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter, useRoutes } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { criticalStyleTags, prepareServerCache } from './critical-styles';
import { storefrontRoutes } from './storefront-screens';

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** <style data-emotion> elements for the <head>, which the client's emotion cache adopts. */
  styles: string;
}

/** The storefront pages' routes (the developer and admin screens are never rendered here). */
function StorefrontRoutes() {
  return useRoutes(storefrontRoutes);
}

/**
 * Renders `url` (absolute) with `fallback` (API answers by SWR key); waits for every lazy screen.
 * `onError` hears of a part that failed and rendered its fallback (the storefront Lambda logs it
 * with its structured logger); by default it goes to the console.
 */
export async function renderStorefront(
  url: string,
  fallback: Record<string, unknown>,
  onError: (error: unknown) => void = (error) => console.error('Storefront render error', error),
): Promise<RenderedPage> {
  const { pathname, search } = new URL(url);
  // A cache per request, key 'css' as the browser's default cache: the client adopts these styles.
  const cache = createCache({ key: 'css' });
  prepareServerCache(cache);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider fallback={fallback}>
          <StaticRouter location={`${pathname}${search}`}>
            <StorefrontRoutes />
          </StaticRouter>
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
    {
      // The whole page inline, in order: no boundary moved into place later by a script, so a
      // crawler without JavaScript reads it as is and nothing waits for a reveal to paint.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // A failed part renders its fallback; the browser renders it again after hydration.
      onError,
    },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return { html, styles: criticalStyleTags(cache, html) };
}
