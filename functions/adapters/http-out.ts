/**
 * Outgoing HTTP for webhook deliveries, with the SSRF guard.
 *
 * - The host is resolved once (dns.lookup, all addresses). Unless internal targets are allowed,
 *   any private, loopback, link-local, unique-local, CGNAT, multicast, reserved or documentation
 *   address (IPv4, IPv6, and IPv4 embedded in IPv6) refuses the request BEFORE any connection.
 * - The connection then goes to exactly the address that was checked: the request gets a `lookup`
 *   that answers with it, so DNS cannot be asked again and answer differently (no DNS rebinding).
 *   TLS still verifies the certificate against the host name (SNI).
 * - https only, unless internal targets are allowed (local development).
 * - Redirects are never followed (a 3xx is a failed attempt); one deadline covers resolution,
 *   connection and the answer; at most `maxResponseBytes` of the answer are kept.
 * - Ports: 443 and 8443 only, unless internal targets are allowed (local development, where the
 *   ports of LOCAL_WEBHOOK_PORTS may be used: an allow-list); the product's own ports (the app, the
 *   engines, the simulators) never, so a webhook's stored answers cannot read them. Error kinds
 *   cannot be used to scan other ports.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { DeliveryErrorKind } from '@shared/schemas/webhooks';
import { getConfig, localServicePorts, localWebhookPortRanges } from '../config';
import type {
  OutgoingWebhook,
  TargetCheck,
  TargetChecker,
  WebhookResponse,
  WebhookSender,
} from '../core/webhooks/ports';

const USER_AGENT = 'DentalMarketplace-Webhooks/1.0 (+https://www.standardwebhooks.com)';

// IPv4 ranges that are not the public internet (RFC 6890 special-purpose registry and friends).
const BLOCKED_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast 255.255.255.255
];
const BLOCKED_V6: ReadonlyArray<[string, number]> = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (embeds an obfuscated IPv4 address)
  ['2001:db8::', 32], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blockedV4 = new net.BlockList();
for (const [prefix, bits] of BLOCKED_V4) blockedV4.addSubnet(prefix, bits, 'ipv4');
const blockedV6 = new net.BlockList();
for (const [prefix, bits] of BLOCKED_V6) blockedV6.addSubnet(prefix, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const plain = address.split('%')[0] as string;
  if (!net.isIPv6(plain)) return undefined;
  let text = plain;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = (dotted[1] as string).split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((bytes[0] << 8) | bytes[1]).toString(16)}:${((bytes[2] << 8) | bytes[3]).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const parse = (part: string) => (part ? part.split(':').map((h) => Number.parseInt(h, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

const v4From = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 address carries (mapped, translated, compatible, NAT64, 6to4), if any. */
function embeddedIPv4(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroTo(5) && g5 === 0xffff) return v4From(g6, g7); // ::ffff:a.b.c.d (IPv4-mapped)
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return v4From(g6, g7); // ::ffff:0:a.b.c.d (translated)
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return v4From(g6, g7); // ::a.b.c.d (compatible, deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4From(g6, g7); // NAT64
  if (g0 === 0x2002) return v4From(g1, g2); // 6to4
  return undefined;
}

/** True when `address` (an IP literal) is not a public internet address. Non-IPs count as blocked. */
export function isBlockedAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(plain)) return blockedV4.check(plain, 'ipv4');
  const groups = ipv6Groups(plain);
  if (!groups) return true;
  const v4 = embeddedIPv4(groups);
  if (v4 !== undefined && blockedV4.check(v4, 'ipv4')) return true;
  const canonical = groups.map((g) => g.toString(16)).join(':');
  return blockedV6.check(canonical, 'ipv6');
}

type Resolved = { ok: true; address: string; family: 4 | 6 } | { ok: false; kind: DeliveryErrorKind; message: string };

class DeadlineError extends Error {}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError('deadline')), Math.max(0, ms));
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Resolves the URL's host and applies the guard. An IP literal is checked as it is; a name is
 * refused when ANY of its addresses is internal (an attacker cannot mix a public and a private
 * answer to slip through). Returns the address to connect to.
 */
export async function resolveTarget(url: URL, allowInternal: boolean, timeoutMs = 15_000): Promise<Resolved> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host);
  if (literal) {
    if (!allowInternal && isBlockedAddress(host)) {
      return { ok: false, kind: 'ssrf_blocked', message: `${host} is a private or internal address` };
    }
    return { ok: true, address: host, family: literal as 4 | 6 };
  }
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await withDeadline(dnsLookup(host, { all: true, verbatim: true }), timeoutMs);
  } catch (err) {
    if (err instanceof DeadlineError) return { ok: false, kind: 'timeout', message: `Resolving ${host} timed out` };
    return {
      ok: false,
      kind: 'dns',
      message: `${host} could not be resolved (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    };
  }
  if (addresses.length === 0) return { ok: false, kind: 'dns', message: `${host} has no address` };
  if (!allowInternal) {
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked) {
      return {
        ok: false,
        kind: 'ssrf_blocked',
        message: `${host} resolves to ${blocked.address}, a private or internal address`,
      };
    }
  }
  const first = addresses[0] as { address: string; family: number };
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** The only ports webhooks and licence endpoints may use where internal targets are refused. */
export const PUBLIC_TARGET_PORTS: readonly number[] = [443, 8443];
export const PORT_NOT_ALLOWED = 'target_url must use port 443 or 8443';
export const ENGINE_PORT_REFUSED = "target_url must not point at a port of this product's own local services";
export const localPortNotAllowed = (ports: string) =>
  `target_url must use one of the ports allowed for local webhooks (LOCAL_WEBHOOK_PORTS: ${ports})`;

/** The product's own ports and the local allow-list (both empty when the configuration cannot be read). */
function localPorts(): { own: number[]; allowed: Array<[number, number]>; listed: string } {
  try {
    const cfg = getConfig();
    return { own: localServicePorts(cfg), allowed: localWebhookPortRanges(cfg), listed: cfg.LOCAL_WEBHOOK_PORTS };
  } catch {
    return { own: [], allowed: [], listed: '' };
  }
}

/**
 * Why the URL's port is refused, or undefined. Where internal targets are refused (the cloud): 443
 * and 8443 only. Locally: the ports LOCAL_WEBHOOK_PORTS lists, never one of the product's own.
 */
export function portProblem(url: URL, allowInternal: boolean): string | undefined {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (!allowInternal && !PUBLIC_TARGET_PORTS.includes(port)) return PORT_NOT_ALLOWED;
  const local = localPorts();
  if (local.own.includes(port)) return ENGINE_PORT_REFUSED;
  if (allowInternal && !local.allowed.some(([lo, hi]) => port >= lo && port <= hi)) {
    return localPortNotAllowed(local.listed);
  }
  return undefined;
}

/** Creation-time check of a target URL (the delivery checks again, on the address it connects to). */
export const checkTarget: TargetChecker = async (raw, { allowInternal }): Promise<TargetCheck> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'target_url must be an http:// or https:// URL' };
  }
  if (url.protocol !== 'https:' && !(allowInternal && url.protocol === 'http:')) {
    return {
      ok: false,
      reason: allowInternal ? 'target_url must be an http:// or https:// URL' : 'target_url must use https://',
    };
  }
  const badPort = portProblem(url, allowInternal);
  if (badPort) return { ok: false, reason: badPort };
  // Local development points webhooks anywhere, including hosts that do not resolve yet.
  if (allowInternal) return { ok: true };
  const resolved = await resolveTarget(url, false, 5000);
  if (resolved.ok) return { ok: true };
  if (resolved.kind === 'ssrf_blocked') {
    return {
      ok: false,
      reason: `target_url is refused: ${resolved.message}. Webhooks must point at a public internet address`,
    };
  }
  return { ok: false, reason: `target_url is refused: ${resolved.message}` };
};

function errorKindOf(err: NodeJS.ErrnoException): DeliveryErrorKind {
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ENOTFOUND' || code.startsWith('EAI_')) return 'dns';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME_MISMATCH|ERR_TLS/.test(code)) return 'tls_error';
  return 'connection_error';
}

const describeError = (err: NodeJS.ErrnoException): string => (err.code ? `${err.code}: ${err.message}` : err.message);

/**
 * POSTs one webhook. Never throws: every failure is a result with status 0 (no answer) or the
 * answer's status, and an error kind.
 */
export async function postWebhook(req: OutgoingWebhook): Promise<WebhookResponse> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const fail = (errorKind: DeliveryErrorKind, body: string, status = 0): WebhookResponse => ({
    status,
    body,
    durationMs: elapsed(),
    errorKind,
  });

  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return fail('invalid_url', 'The target URL is not a valid URL');
  }
  if (url.protocol !== 'https:' && !(req.allowInternal && url.protocol === 'http:')) {
    return fail('invalid_url', req.allowInternal ? 'Only http and https URLs are supported' : 'https is required');
  }

  const resolved = await resolveTarget(url, req.allowInternal, req.timeoutMs);
  if (!resolved.ok) return fail(resolved.kind, resolved.message);
  const badPort = portProblem(url, req.allowInternal);
  if (badPort) return fail('ssrf_blocked', badPort);
  const remaining = req.timeoutMs - elapsed();
  if (remaining <= 0) return fail('timeout', `Timed out after ${req.timeoutMs} ms`);

  // Connect to the checked address and nothing else.
  const pinned: net.LookupFunction = (_hostname, options, callback) => {
    const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    if (all) cb(null, [{ address: resolved.address, family: resolved.family }]);
    else cb(null, resolved.address, resolved.family);
  };
  const body = Buffer.from(req.body, 'utf8');
  const transport = url.protocol === 'https:' ? https : http;

  return new Promise<WebhookResponse>((resolve) => {
    let settled = false;
    const settle = (result: WebhookResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = transport.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: false,
        lookup: pinned,
        headers: {
          ...req.headers,
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': USER_AGENT,
          connection: 'close',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const retryAfter = response.headers['retry-after'];
          const redirect = status >= 300 && status < 400;
          settle({
            status,
            body:
              redirect && response.headers.location ? `Redirect to ${response.headers.location} not followed` : text,
            durationMs: elapsed(),
            errorKind: status >= 200 && status < 300 ? null : redirect ? 'redirect' : 'http_error',
            retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          if (kept < req.maxResponseBytes) {
            const slice = chunk.subarray(0, req.maxResponseBytes - kept);
            chunks.push(slice);
            kept += slice.length;
          }
          // Enough kept: the rest of the answer is not read.
          if (kept >= req.maxResponseBytes) done();
        });
        response.on('end', done);
        response.on('error', done);
        response.on('aborted', done);
      },
    );
    const timer = setTimeout(() => {
      settle(fail('timeout', `Timed out after ${req.timeoutMs} ms`));
      request.destroy();
    }, remaining);
    request.on('error', (err: NodeJS.ErrnoException) => settle(fail(errorKindOf(err), describeError(err))));
    request.end(body);
  });
}

export const httpWebhookSender: WebhookSender = { send: postWebhook };
