import { ChakraProvider } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { type Middleware, SWRConfig } from 'swr';
import { getSystem } from '../components/ui/system';
import { Toaster } from '../components/ui/toaster';
import { fetcher } from '../lib/api-client';

/**
 * SWR middleware for a server-rendered page: the answers the server rendered it with are as fresh
 * as the page itself (rendered at the catalogue's current version), so the hooks that first mount
 * with them do not fetch them again. Refetching them right after hydration re-rendered the whole
 * page synchronously twice (loading, then the same data), a long task on a slow phone. A key is
 * fresh until the first component that reads it has mounted; later mounts (coming back to the page)
 * revalidate as usual.
 */
export function serverFresh(keys: Set<string>): Middleware {
  return (useSWRNext) => (key, fn, config) => {
    const fresh = typeof key === 'string' && keys.has(key);
    useEffect(() => {
      if (fresh) keys.delete(key);
    }, [fresh, key]);
    return useSWRNext(key, fn, fresh ? { ...config, revalidateOnMount: false } : config);
  };
}

/**
 * App-wide providers: the design system, SWR defaults (the API client as fetcher), the toaster.
 * `fallback` holds API answers by key that the server rendered the page with (see ssr/), so the
 * hydrating client renders exactly what the server did without waiting for a request.
 */
export function AppProvider({ children, fallback }: { children: ReactNode; fallback?: Record<string, unknown> }) {
  const [use] = useState(() => (fallback ? [serverFresh(new Set(Object.keys(fallback)))] : []));
  return (
    <ChakraProvider value={getSystem()}>
      <SWRConfig
        value={{ fetcher, shouldRetryOnError: false, revalidateOnFocus: false, fallback: fallback ?? {}, use }}
      >
        {children}
        <Toaster />
      </SWRConfig>
    </ChakraProvider>
  );
}
