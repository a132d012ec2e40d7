import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` (typing a search asks the server once, when the
 * visitor pauses). The first render has the value at once, so a page rendered on the server and
 * hydrated asks for the same thing.
 */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}
