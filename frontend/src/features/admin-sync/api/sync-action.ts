import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';

/** A bodiless admin POST (start or stop polling, retry failed items) that refreshes the status it changes. */
export function useSyncAction<T>(key: string, post: () => Promise<T>, changes: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(key, () => post(), {
    onSuccess: () => {
      void mutate(changes);
    },
  });
}
