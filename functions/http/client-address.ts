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
