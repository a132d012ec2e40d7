/**
 * A JSON-like value with every object's keys in one order and only the entries `keep` accepts
 * (by default those not undefined), at every depth: two values that hold the same data in a
 * different key order stringify alike. The catalogue sync compares stored fields with it; the
 * route fuzz test fingerprints answers with it, leaving out the fields that move with time.
 */
export function sortedValue(v: unknown, keep: (key: string, value: unknown) => boolean = definedEntry): unknown {
  if (Array.isArray(v)) return v.map((x) => sortedValue(x, keep));
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>)
      .filter(([k, x]) => keep(k, x))
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([k, x]) => [k, sortedValue(x, keep)]),
  );
}

function definedEntry(_key: string, value: unknown): boolean {
  return value !== undefined;
}
