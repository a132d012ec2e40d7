/**
 * The value a test relies on, or a clear failure naming what was missing: tests use it instead of
 * the `x!` assertion, which would let an absent value through to a confusing error further on.
 */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}
