/**
 * The site a webhook targets, for the per-site cap: the host name as DNS reads it (lower case, no
 * trailing dots: `Victim.example..` is `victim.example`) reduced to its registrable domain (the
 * Public Suffix List's ICANN section: `a.b.victim.co.uk` is `victim.co.uk`), or the IP address
 * itself. So one site cannot be given ten webhooks per spelling or per subdomain.
 */
import { isIP } from 'node:net';
import { getDomain } from 'tldts-icann';

export function targetSite(rawUrl: string): string {
  let host: string;
  try {
    host = new URL(rawUrl).hostname;
  } catch {
    return rawUrl.toLowerCase();
  }
  const name = host.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (isIP(name) !== 0) return name;
  return getDomain(name, { allowPrivateDomains: false }) ?? name;
}
