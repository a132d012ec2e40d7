import { privatePathPrefixes } from '@shared/site-paths';
import type { RouteHandler } from '../http/types';
import { siteOrigin } from '../wiring/site';

/** robots.txt: the storefront is open to crawlers; the developer and admin areas, sign-in and APIs are not. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePathPrefixes.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** GET /robots.txt */
export const robots: RouteHandler = async () => ({
  status: 200,
  raw: { data: robotsTxt(siteOrigin()), contentType: 'text/plain; charset=utf-8' },
});
