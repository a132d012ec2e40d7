/**
 * The URL of one page of a list: the `params` that are set, in the order given (text trimmed;
 * empty, undefined and null left out), then the cursor of a page after the first. The admin lists
 * use it for their SWR keys, which are also the URLs fetched.
 */
export function listPageUrl(
  path: string,
  params: Record<string, string | number | null | undefined>,
  cursor?: string | null,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const text = value == null ? '' : String(value).trim();
    if (text) query.set(key, text);
  }
  if (cursor) query.set('cursor', cursor);
  return `${path}?${query}`;
}
