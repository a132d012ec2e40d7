/**
 * The browser's session: the bearer token and the role, kept in local storage as the spec says.
 * The role only picks screens; the server enforces it on every call.
 */
export type StoredRole = 'admin' | 'developer' | 'practice';

const TOKEN = 'token';
const ROLE = 'role';

export const getToken = (): string | null => localStorage.getItem(TOKEN);
export const getRole = (): StoredRole | null => {
  const role = localStorage.getItem(ROLE);
  return role === 'admin' || role === 'developer' || role === 'practice' ? role : null;
};
export const isSignedIn = (): boolean => Boolean(getToken());

export function setSession(token: string, role: StoredRole): void {
  localStorage.setItem(TOKEN, token);
  localStorage.setItem(ROLE, role);
  window.dispatchEvent(new Event('auth-changed'));
}

/** Logout: token and role removed, session storage cleared; admins also clear all local storage. */
export function clearSession(opts: { all?: boolean } = {}): void {
  if (opts.all) localStorage.clear();
  else {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(ROLE);
  }
  sessionStorage.clear();
  window.dispatchEvent(new Event('auth-changed'));
}
