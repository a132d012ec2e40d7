/**
 * The signed device token of issue 30 finding 2: set as an HttpOnly cookie at a successful sign-in,
 * it tells a later sign-in that this browser has signed in to this account before, so the
 * per-address back-off that others' failures fill does not apply to it (login-throttle.ts). It is
 * `<accountId>.<HMAC-SHA256(key, accountId)>`, the key derived from the JWT signing secret, so it
 * proves nothing but "this account signed in here once" and cannot be made for another account.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'dm_device';
/** A year: the browser keeps it across sessions and sign-outs. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function createDeviceTokens(secret: () => string) {
  const mac = (accountId: string) =>
    createHmac('sha256', createHmac('sha256', secret()).update('device-token/v1').digest())
      .update(accountId)
      .digest('base64url');
  return {
    issue: (accountId: string): string => `${accountId}.${mac(accountId)}`,
    /** True when `token` was issued for `accountId` with this secret. */
    holds(token: string | undefined, accountId: string): boolean {
      if (!token) return false;
      const dot = token.lastIndexOf('.');
      if (dot <= 0 || token.slice(0, dot) !== accountId) return false;
      const given = Buffer.from(token.slice(dot + 1));
      const wanted = Buffer.from(mac(accountId));
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    },
  };
}

export type DeviceTokens = ReturnType<typeof createDeviceTokens>;

/** The device token among a Cookie header's values, if any. */
export function deviceTokenOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
