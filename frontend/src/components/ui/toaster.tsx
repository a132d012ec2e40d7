import { createToaster } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The app's one toaster store. Call `toaster.create({ type, title })`, or the helpers below, from
 * anywhere; the <Toaster /> mounted by the app provider shows them.
 */
export const toaster = createToaster({ placement: 'top-end', pauseOnPageIdle: true, max: 4 });

export const notifySuccess = (title: string, description?: string) =>
  toaster.create({ type: 'success', title, description, closable: true });
export const notifyError = (title: string, description?: string) =>
  toaster.create({ type: 'error', title, description, closable: true, duration: 7000 });
export const notifyInfo = (title: string, description?: string) =>
  toaster.create({ type: 'info', title, description, closable: true });

const ToasterView = lazy(() => import('./toaster-view'));

/**
 * Mounted once by the app provider. The rendering machinery loads with the first toast (it picks
 * up toasts created before it arrived), which keeps it out of the marketplace's first download.
 */
export function Toaster() {
  const [active, setActive] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (active) return;
    if (toaster.getCount() > 0) setActive(true);
    return toaster.subscribe(() => setActive(true));
  }, [active]);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView toaster={toaster} />
    </Suspense>
  );
}
