import type { EmotionCache } from '@emotion/cache';

/**
 * The <style data-emotion> elements for server-rendered HTML: what @emotion/server's
 * `extractCriticalToChunks` and `constructStyleTagsFromChunks` produce, written out here because
 * the package's one entry also carries its stream API (html-tokenize, multipipe and two copies of
 * readable-stream, ~55 KB of the storefront Lambda) that nothing here uses. critical-styles.test.ts
 * holds it to the package's output.
 *
 * Call `prepareServerCache` before rendering with the cache (as createEmotionServer does): in
 * compat mode emotion leaves its styles in the cache instead of writing <style> into the markup.
 */
export function prepareServerCache(cache: EmotionCache): void {
  cache.compat = true;
}

const styleTag = (key: string, ids: string[], css: string, nonce: string | undefined): string =>
  `<style data-emotion="${key} ${ids.join(' ')}"${nonce !== undefined ? ` nonce="${nonce}"` : ''}>${css}</style>`;

/**
 * The styles `html` uses: each global style in its own element (so the client can flush it on its
 * own), then every class the markup names in one element after them.
 */
export function criticalStyleTags(cache: EmotionCache, html: string): string {
  const used = new Set<string>();
  for (const match of html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9-_]+)`, 'gm'))) used.add(match[1] ?? '');
  let tags = '';
  const regularIds: string[] = [];
  let regularCss = '';
  for (const id of Object.keys(cache.inserted)) {
    const css = cache.inserted[id];
    const registered = cache.registered[`${cache.key}-${id}`] !== undefined;
    if ((!used.has(id) && registered) || css === true || css === undefined) continue;
    if (registered) {
      regularIds.push(id);
      regularCss += css;
    } else {
      tags += styleTag(`${cache.key}-global`, [id], css, cache.nonce);
    }
  }
  return tags + styleTag(cache.key, regularIds, regularCss, cache.nonce);
}
