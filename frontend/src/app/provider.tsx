import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { system } from '../components/ui/system';
import { Toaster } from '../components/ui/toaster';
import { fetcher } from '../lib/api-client';

/**
 * App-wide providers: the design system, SWR defaults (the API client as fetcher), the toaster.
 * `fallback` holds API answers by key that the server rendered the page with (see ssr/), so the
 * hydrating client renders exactly what the server did without waiting for a request.
 */
export function AppProvider({ children, fallback }: { children: ReactNode; fallback?: Record<string, unknown> }) {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={{ fetcher, shouldRetryOnError: false, revalidateOnFocus: false, fallback: fallback ?? {} }}>
        {children}
        <Toaster />
      </SWRConfig>
    </ChakraProvider>
  );
}
