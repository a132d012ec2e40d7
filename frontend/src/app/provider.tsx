import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { system } from '../components/ui/system';
import { Toaster } from '../components/ui/toaster';
import { fetcher } from '../lib/api-client';

/** App-wide providers: the design system, SWR defaults (the API client as fetcher), the toaster. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <SWRConfig value={{ fetcher, shouldRetryOnError: false, revalidateOnFocus: false }}>
        {children}
        <Toaster />
      </SWRConfig>
    </ChakraProvider>
  );
}
