import { type ReactNode, useEffect, useState } from 'react';

/**
 * Renders its children only in the browser, after hydration: for sections that load their own data
 * per visitor (reviews with the visitor's own review, data access), which the server-rendered
 * storefront leaves out so the first client render matches the server's HTML.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? children : null;
}
