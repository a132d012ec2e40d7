/**
 * The signed device token of issue 30 finding 2: set as an HttpOnly cookie at a successful sign-in,
 * it tells a later sign-in that this browser has signed in to this account before, so the
 * per-address back-off and the daily guessing budget that others' failures fill do not apply to it
 * (login-throttle.ts). It is `<accountId>.<deviceId>.<HMAC-SHA256(key, accountId, deviceId,
 * token version)>`, the key derived from the JWT signing secret:
 * - the device id is random, one per browser (kept when the browser signs in again), so every
 *   browser has its own failure counter and one browser's failures do not lock the others;
 * - the account's token version is inside the MAC, so a password reset (or anything else that
 *   moves the version on and signs every session out) makes every earlier device token worthless.
 * It proves nothing but "this browser signed in to this account, since its last reset" and cannot
 * be made for another account.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'dm_device';
/** A year: the browser keeps it across sessions and sign-outs. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** A fresh random device id: 128 bits, base64url (no dots). */
const newDeviceId = () => randomBytes(16).toString('base64url');

export function createDeviceTokens(secret: () => string) {
  const mac = (accountId: string, deviceId: string, tokenVersion: number) =>
    createHmac('sha256', createHmac('sha256', secret()).update('device-token/v2').digest())
      .update(`${accountId}.${deviceId}.v${tokenVersion}`)
      .digest('base64url');
  const tokens = {
    /**
     * A token for `accountId` at its current `tokenVersion`; `deviceId` is kept when the browser
     * already had one for this account (see deviceOf), otherwise a new one is drawn.
     */
    issue(accountId: string, tokenVersion: number, deviceId: string = newDeviceId()): string {
      return `${accountId}.${deviceId}.${mac(accountId, deviceId, tokenVersion)}`;
    },
    /** The device id of `token` when it was issued for `accountId` at `tokenVersion` with this secret. */
    deviceOf(token: string | undefined, accountId: string, tokenVersion: number): string | undefined {
      const [account, deviceId, given, ...rest] = (token ?? '').split('.');
      if (!account || !deviceId || !given || rest.length > 0 || account !== accountId) return undefined;
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(deviceId)) return undefined;
      const a = Buffer.from(given);
      const b = Buffer.from(mac(accountId, deviceId, tokenVersion));
      return a.length === b.length && timingSafeEqual(a, b) ? deviceId : undefined;
    },
  };
  return tokens;
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
