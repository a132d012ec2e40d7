/**
 * The answer headers of a route that keeps the spec's plain array but sends one page of it:
 * `X-Next-Cursor` (the next page's cursor) and `Link: <path?…&cursor=…>; rel="next"` (RFC 8288),
 * both only when there is a next page. Same-origin, so the SPA reads them without CORS exposure.
 */
export function nextPageHeaders(
  req: { path: string },
  nextCursor: string | null,
  query: Record<string, string | number | undefined>,
): Record<string, string> | undefined {
  if (!nextCursor) return undefined;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  params.set('cursor', nextCursor);
  return { 'X-Next-Cursor': nextCursor, Link: `<${req.path}?${params.toString()}>; rel="next"` };
}
