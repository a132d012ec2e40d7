/**
 * The check that refuses commonly breached passwords (core/users/breached-passwords.ts), a root of
 * its own: only the services where a password is chosen take it, so only their functions carry
 * the list (~50 KB); the sync, which imports the invitations, does not.
 */
import { createBreachedPasswordCheck } from '../core/users/breached-passwords';
import { once } from '../platform/once';

export const breachedPasswordCheck = /* @__PURE__ */ once(createBreachedPasswordCheck);
