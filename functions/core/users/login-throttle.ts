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
}

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
 * units back. Three counters, so nobody can lock an owner out from elsewhere:
 * - per (address, client): `maxFailures` per `lockSeconds` window, the classic lock;
 * - per client, across addresses: `clientMaxFailures` per window (password spraying);
 * - per address, from all clients: `addressPerMinute` per minute, a short back-off only.
 * The address counters carry the account's token version, so a password reset (which moves the
 * version on) starts them afresh on every client. Addresses without an account use version 0: the
 * answers are the same for known and unknown addresses.
 */
export function createLoginThrottle(limiter: RateLimiter, settings: () => ThrottleSettings) {
  return {
    /**
     * Throws 429 (Retry-After) when any counter is full; otherwise one check is reserved. A
     * `knownDevice` (a browser holding the account's signed device token: device-token.ts) is not
     * held by the per-address back-off that others' failures fill, and its (address, client) lock
     * is its own, not the network's.
     */
    async reserve(email: string, client: string, tokenVersion: number, knownDevice = false): Promise<LoginTicket> {
      const s = settings();
      const pair: Limit = {
        key: `login:${email}:v${tokenVersion}:${knownDevice ? 'device' : client}`,
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
      await limiter.takeAll(knownDevice ? [pair, perClient] : [pair, perClient, perAddress]);
      return {
        async succeeded() {
          await Promise.all([
            limiter.clear(pair.key),
            limiter.giveBack(perClient.key),
            knownDevice ? Promise.resolve() : limiter.giveBack(perAddress.key),
          ]);
        },
      };
    },

    /** The mailbox was proven (a mailed sign-in link): this client's lock and the address's back-off go. */
    async release(email: string, client: string, tokenVersion: number): Promise<void> {
      await Promise.all([
        limiter.clear(`login:${email}:v${tokenVersion}:${client}`),
        limiter.clear(`login-address:${email}:v${tokenVersion}`),
      ]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
