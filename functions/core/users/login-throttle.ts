import { TooManyRequestsError } from '../errors';
import type { FailureWindow, LoginAttemptsStore } from './ports';

export interface ThrottleSettings {
  /** Failed attempts allowed per address inside one window. */
  maxFailures: number;
  /** Length of the window and of the lock that follows reaching the limit. */
  lockSeconds: number;
}

export const lockedMessage = (remainingSeconds: number): string => {
  const minutes = Math.max(1, Math.ceil(remainingSeconds / 60));
  return `Too many failed login attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

/**
 * Sign-in throttling per e-mail address (known or not, so it reveals nothing): after
 * `maxFailures` failures within `lockSeconds` of the first, every attempt is refused with 429 for
 * `lockSeconds` after the failure that reached the limit, even with the right password. Attempts
 * refused while locked do not extend the lock. A successful sign-in or a password reset clears it.
 */
export function createLoginThrottle(
  store: LoginAttemptsStore,
  settings: () => ThrottleSettings,
  nowSeconds: () => number,
) {
  return {
    /** Throws 429 while the address is locked; returns the current window (if any) otherwise. */
    async assertNotLocked(email: string): Promise<FailureWindow | undefined> {
      const window = await store.get(email);
      const now = nowSeconds();
      if (window && window.failures >= settings().maxFailures && window.expiresAt > now) {
        const remaining = window.expiresAt - now;
        throw new TooManyRequestsError(lockedMessage(remaining), remaining);
      }
      return window;
    },

    async recordFailure(email: string): Promise<void> {
      const { maxFailures, lockSeconds } = settings();
      const now = nowSeconds();
      const window = await store.recordFailure(email, now, lockSeconds);
      if (window.failures === maxFailures) await store.extendUntil(email, now + lockSeconds);
    },

    async reset(email: string): Promise<void> {
      await store.clear(email);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
