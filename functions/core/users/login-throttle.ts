import { SIGN_IN_LINK_REQUIRED } from '@shared/schemas/accounts';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter';

export interface ThrottleSettings {
  /** Failed attempts allowed per (address, client) inside one window. */
  maxFailures: number;
  /** Length of that window (and of the per-client window). */
  lockSeconds: number;
  /** Failed attempts allowed per client inside one window, across every address. */
  clientMaxFailures: number;
  /** Password checks per address per minute from all clients together (a short back-off). */
  addressPerMinute: number;
  /**
   * Failed password checks per address per day (24 hours from the first one) from browsers the
   * account does not know. Past it the password alone no longer signs in: the answer asks for the
   * mailed sign-in link, which (or a password reset) is what lets the owner in.
   */
  addressFailuresPerDay: number;
}

/** The one-day window of the daily guessing budget. */
export const GUESSING_BUDGET_SECONDS = 24 * 60 * 60;

export const lockedMessage = (remainingSeconds: number): string => {
  const minutes = Math.max(1, Math.ceil(remainingSeconds / 60));
  return `Too many failed login attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

/** What a reserved password check must report back. */
export interface LoginTicket {
  /** The password was right: the attempt does not count, and the (address, client) lock is lifted. */
  succeeded(): Promise<void>;
}

/**
 * Sign-in throttling. Each password check is reserved BEFORE it runs, with one atomic conditional
 * update per counter, so parallel guesses cannot slip past the limit; a successful check gives its
 * units back (only failures count). Four counters, so nobody can lock an owner out from elsewhere:
 * - per (address, client): `maxFailures` per `lockSeconds` window, the classic lock; a known
 *   device (device-token.ts) has its own, per device id, not the network's;
 * - per client, across addresses: `clientMaxFailures` per window (password spraying);
 * - per address, from all clients: `addressPerMinute` per minute, a short back-off only;
 * - per address, from all clients: `addressFailuresPerDay` per day, the guessing budget. Past it
 *   the answer asks for the mailed sign-in link (SIGN_IN_LINK_REQUIRED) whatever the password, so
 *   a right one is neither let in nor told apart from a wrong one.
 * The last two do not hold a known device: the owner's own browsers are not held by strangers'
 * failures. The address counters carry the account's token version, so a password reset (which
 * moves the version on) starts them afresh on every client. Addresses without an account use
 * version 0: the answers are the same for known and unknown addresses.
 */
export function createLoginThrottle(limiter: RateLimiter, settings: () => ThrottleSettings) {
  return {
    /**
     * Throws 429 (Retry-After) when any counter is full; otherwise one check is reserved. `device`
     * is the device id of a known browser (one holding the account's signed device token at its
     * current token version): it is not held by the per-address back-off or the daily budget that
     * others' failures fill, and its (address, client) lock is its own, not the network's.
     */
    async reserve(email: string, client: string, tokenVersion: number, device?: string): Promise<LoginTicket> {
      const s = settings();
      const pair: Limit = {
        key: pairKey(email, tokenVersion, device ? { device } : { client }),
        limit: s.maxFailures,
        windowSeconds: s.lockSeconds,
        message: lockedMessage,
      };
      const perClient: Limit = {
        key: `login-client:${client}`,
        limit: s.clientMaxFailures,
        windowSeconds: s.lockSeconds,
        message: lockedMessage,
      };
      const perAddress: Limit = {
        key: `login-address:${email}:v${tokenVersion}`,
        limit: s.addressPerMinute,
        windowSeconds: 60,
        message: lockedMessage,
      };
      // First, so that once the day's budget is spent the answer asks for the link, not for a wait.
      const daily: Limit = {
        key: `login-day:${email}:v${tokenVersion}`,
        limit: s.addressFailuresPerDay,
        windowSeconds: GUESSING_BUDGET_SECONDS,
        message: () => SIGN_IN_LINK_REQUIRED,
      };
      const limits = device ? [pair, perClient] : [daily, pair, perClient, perAddress];
      await limiter.takeAll(limits);
      return {
        async succeeded() {
          await Promise.all(
            limits.map((limit) => (limit === pair ? limiter.clear(pair.key) : limiter.giveBack(limit.key))),
          );
        },
      };
    },

    /**
     * The mailbox was proven (a mailed sign-in link): this client's lock, that device's lock and the
     * address's back-off go. The daily budget stays spent: the browser that followed the link is a
     * known device from now on, and an attacker gets no fresh guesses from the owner's link.
     */
    async release(email: string, client: string, tokenVersion: number, device?: string): Promise<void> {
      await Promise.all([
        limiter.clear(pairKey(email, tokenVersion, { client })),
        device ? limiter.clear(pairKey(email, tokenVersion, { device })) : Promise.resolve(),
        limiter.clear(`login-address:${email}:v${tokenVersion}`),
      ]);
    },
  };
}

/** The (address, client) lock's key; a known device's is per device id. */
function pairKey(email: string, tokenVersion: number, who: { client: string } | { device: string }): string {
  return `login:${email}:v${tokenVersion}:${'device' in who ? `device:${who.device}` : who.client}`;
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
