import { privatePathPrefixes } from '../../shared/site-paths';
import { getConfig } from '../config';
import type { RouteHandler } from '../http/types';

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
  raw: { data: robotsTxt(getConfig().APP_URL.replace(/\/+$/, '')), contentType: 'text/plain; charset=utf-8' },
});
