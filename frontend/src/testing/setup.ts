/**
 * Vitest setup for the 'web' project (jsdom): unmount between tests, reset storage, the fake
 * API's handlers (./server.ts), and polyfill the browser APIs Chakra UI (Ark/Zag) expects but jsdom lacks.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { toaster } from '../components/ui/toaster';
import { forgetRequests, server } from './server';

// Route modules load lazily, so the first visit of a screen in a test file includes importing it
// (and Chakra's, on a busy machine seconds): wait longer than the defaults, and import the UI
// library here, outside any test's clock. `npm test` runs this suite at a lower CPU priority
// beside the stack suites (bin/test.mjs), where a screen can take several times as long: the waits
// are for a screen that never comes, not a time a passing test needs.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 45_000 });
await import('@chakra-ui/react');
// Screens and panels loaded on demand bring every slot recipe (with-all-recipes.ts); components
// rendered on their own in a test get them here. Not in a `*.recipes.test.tsx`: those check that a
// screen brings the recipes it needs itself, as in the browser.
if (!/\.recipes\.test\.tsx?$/.test(expect.getState().testPath ?? '')) await import('../components/ui/all-recipes');

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

class NoopObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;

window.scrollTo = () => {};
Element.prototype.scrollTo ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
globalThis.structuredClone ??= <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

server.listen({ onUnhandledRequest: 'error' });
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  // Files share one module graph per worker (vitest.config.ts): no toast outlives its test.
  toaster.remove();
  server.resetHandlers();
  forgetRequests();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
