import type { CreateToasterReturn } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { withAllRecipes } from './with-all-recipes';

type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

/**
 * The app's one toaster. Call `toaster.create({ type, title })`, or the helpers below, from
 * anywhere; the <Toaster /> mounted by the app provider shows them.
 *
 * Chakra's toast store and its rendering machinery (the zag toast machines, ~10 KB gzip) load with
 * the first toast, in toaster-view.tsx, which keeps them out of the marketplace's first download.
 * Until then the toasts wait here, in order; the view takes them when it arrives.
 */
let store: CreateToasterReturn | undefined;
let waiting: ToastOptions[] = [];
const listeners = new Set<() => void>();

export const toaster = {
  create(options: ToastOptions): void {
    if (store) {
      store.create(options);
      return;
    }
    waiting.push(options);
    for (const listener of listeners) listener();
  },
  /** Removes every toast (tests call this between cases). */
  remove(): void {
    waiting = [];
    store?.remove();
  },
  getCount: () => store?.getCount() ?? waiting.length,
};

/** Called once by toaster-view.tsx with the real store: the waiting toasts go to it. */
export function adoptToasterStore(created: CreateToasterReturn) {
  store = created;
  for (const options of waiting) created.create(options);
  waiting = [];
}

export const notifySuccess = (title: string, description?: string) =>
  toaster.create({ type: 'success', title, description, closable: true });
export const notifyError = (title: string, description?: string) =>
  toaster.create({ type: 'error', title, description, closable: true, duration: 7000 });
export const notifyInfo = (title: string, description?: string) =>
  toaster.create({ type: 'info', title, description, closable: true });

const ToasterView = lazy(withAllRecipes(() => import('./toaster-view')));

/** Mounted once by the app provider; renders nothing until the first toast. */
export function Toaster() {
  const [active, setActive] = useState(() => toaster.getCount() > 0 || store !== undefined);
  useEffect(() => {
    if (active) return;
    if (toaster.getCount() > 0) setActive(true);
    const listener = () => setActive(true);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [active]);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
