import { isIP } from 'node:net';
import { getConfig } from '../config';

/**
 * The address of the client behind a request. Behind CloudFront, API Gateway's sourceIp is
 * CloudFront's own address; the viewer's is in the CloudFront-Viewer-Address header ("ip:port",
 * IPv6 unbracketed), which the distribution forwards to the API (lib/site.ts). The header is
 * trusted only in the cloud: locally there is no CloudFront, and anyone could send it.
 */
export function clientAddress(headers: Record<string, string>, sourceIp: string): string {
  const viewer = headers['cloudfront-viewer-address'];
  if (viewer && getConfig().RUNTIME === 'aws') {
    const parsed = parseViewerAddress(viewer);
    if (parsed) return parsed;
  }
  return sourceIp || 'unknown';
}

/** "198.51.100.10:46532" -> "198.51.100.10"; "2001:db8::1:443" -> "2001:db8::1"; garbage -> undefined. */
export function parseViewerAddress(value: string): string | undefined {
  const v = value.trim();
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::\d+)?$/.exec(v);
  if (bracketed) return bracketed[1]?.toLowerCase();
  const m = /^([0-9a-fA-F:.]+):(\d{1,5})$/.exec(v);
  if (!m) return undefined;
  const ip = (m[1] ?? '').toLowerCase();
  return /^[\d.]+$/.test(ip) || ip.includes(':') ? ip : undefined;
}

/**
 * The key per-client limits count under (issue 30 finding 2): an IPv4 address as it is; an IPv6
 * address by its /64 network ("2001:db8:1:2::/64"), because one subscriber is routinely given a
 * whole /64 and could otherwise take a fresh address for every guess. An IPv4-mapped IPv6 address
 * ("::ffff:198.51.100.7") counts as its IPv4 address. Anything else is kept as it is.
 */
export function clientKey(address: string): string {
  const ip = address.trim().toLowerCase();
  if (isIP(ip) !== 6) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const groups = expandIpv6(ip);
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The 8 groups of an IPv6 address (an embedded IPv4 tail as two groups). */
function expandIpv6(ip: string): string[] {
  let text = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => g.padStart(4, '0'));
}
