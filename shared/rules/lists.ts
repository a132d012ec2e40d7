/** List cleaning without zod, for the app schemas and the SPA's submission wizard alike. */

/** Trimmed, blank entries dropped, duplicates removed (first wins; case-insensitive when asked). */
export function cleanList(values: readonly unknown[], caseInsensitive = false): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    if (typeof raw !== 'string') continue;
    const value = raw.trim();
    const id = caseInsensitive ? value.toLowerCase() : value;
    if (value && !seen.has(id)) {
      seen.add(id);
      out.push(value);
    }
  }
  return out;
}
