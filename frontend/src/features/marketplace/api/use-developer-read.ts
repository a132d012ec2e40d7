import useSWR from 'swr';
import { useSession } from '../../../lib/use-current-user';

/**
 * A read the storefront makes only for a signed-in developer, to personalise a page (their own
 * apps, their licences). It is never retried nor revalidated on focus, and any failure (not a
 * developer, an expired session) reads as an empty list: the page works the same without it.
 */
export function useDeveloperRead<T>(key: string, fetcher: (key: string) => Promise<T[]>): T[] {
  const { token, role } = useSession();
  const { data } = useSWR(token && role === 'developer' ? key : null, fetcher, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
    onError: () => undefined,
  });
  return data ?? [];
}
