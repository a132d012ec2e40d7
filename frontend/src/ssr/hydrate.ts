import { type ReactNode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { recordEarlyEntries } from '../components/ui/use-early-entry';

/**
 * Hydrates a server-rendered storefront page in a transition: React hydrates in slices of a few
 * milliseconds and yields to the browser between them, instead of one long task that a slow phone
 * spends unresponsive.
 *
 * Nothing a visitor does meanwhile is lost:
 * - a click or key press on a part not hydrated yet makes React hydrate the page at once and then
 *   handle the event; this needs every part to be hydratable at that moment, so the page's screen
 *   is loaded before (preloadStorefrontScreen in app/storefront-pages.ts) and nothing else on a storefront
 *   page waits for code or data while hydrating;
 * - what was typed or picked in a field before React handled it (React hydrates an input's text
 *   as already seen and resets a <select>) is recorded here and taken up after hydration by
 *   useEarlyEntry (components/ui/use-early-entry.ts), which the storefront's fields use.
 */
export function hydrateInTransition(container: Element, app: ReactNode): Root {
  recordEarlyEntries(container);
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
  return root as Root;
}
