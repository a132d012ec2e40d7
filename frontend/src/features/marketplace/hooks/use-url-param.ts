import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * One query-string parameter as state, so a search or sort survives the Back button and can be
 * shared as a link. Updates replace the history entry and keep the scroll position.
 */
export function useUrlParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const setValue = useCallback(
    (next: string) =>
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          if (next) updated.set(name, next);
          else updated.delete(name);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [name, setParams],
  );
  return [value, setValue];
}
