/**
 * What the server-rendered storefront hands the client: the API answers (by SWR key) the page was
 * rendered with, in a JSON script element. Shared by the server renderer and the client entry.
 */
export const SSR_DATA_ID = 'ssr-data';

export interface SsrData {
  fallback: Record<string, unknown>;
}

/** The script element's JSON, safe inside HTML: no `</script>`, no HTML comment or CDATA openers. */
export const serialiseSsrData = (data: SsrData): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The embedded data, or undefined on a page the server did not render (developer and admin areas). */
export function readSsrData(doc: Document): SsrData | undefined {
  const text = doc.getElementById(SSR_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SsrData;
  } catch {
    return undefined;
  }
}
