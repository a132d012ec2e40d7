/**
 * The site a webhook targets, for the per-site cap: the host name as DNS reads it (lower case, no
 * trailing dots: `Victim.example..` is `victim.example`) reduced to its registrable domain, or the
 * IP address itself. So one site cannot be given ten webhooks per spelling or per subdomain.
 *
 * The registrable domain is the last two labels, or three under a two-label public suffix of the
 * common `<second level>.<country>` form (`clinic.co.uk`, `dental.com.au`). The full Public Suffix
 * List (tldts-icann, ~73 KB minified) would put the webhooks and admin functions over their bundle
 * budgets; this reading errs towards grouping more hosts as one site (a private suffix such as
 * `github.io` counts as one site, as the ICANN section alone reads it too), which only makes the
 * cap stricter, and the per-developer cap bounds what any reading could miss.
 */
import { isIP } from 'node:net';

/** Second-level labels that, under a two-letter country code, form a public suffix (co.uk, com.au). */
const SECOND_LEVEL = new Set([
  'ac',
  'biz',
  'co',
  'com',
  'edu',
  'go',
  'gob',
  'gouv',
  'gov',
  'govt',
  'info',
  'lg',
  'ltd',
  'me',
  'mil',
  'ne',
  'net',
  'nhs',
  'nic',
  'nom',
  'or',
  'org',
  'plc',
  'sch',
  'web',
]);

export function targetSite(rawUrl: string): string {
  let host: string;
  try {
    host = new URL(rawUrl).hostname;
  } catch {
    return rawUrl.toLowerCase();
  }
  const name = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');
  if (isIP(name) !== 0) return name;
  const labels = name.split('.').filter(Boolean);
  if (labels.length <= 2) return labels.join('.');
  const [second, top] = labels.slice(-2) as [string, string];
  const keep = top.length === 2 && SECOND_LEVEL.has(second) ? 3 : 2;
  return labels.slice(-keep).join('.');
}
