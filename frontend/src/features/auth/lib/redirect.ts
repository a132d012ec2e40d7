import { paths } from '@/config/paths';
import type { StoredRole } from '@/lib/auth-storage';

/** The server's role, narrowed to what the browser stores; anything but admin or practice is a developer. */
export const toStoredRole = (role: string | undefined): StoredRole =>
  role === 'admin' || role === 'practice' ? role : 'developer';

/**
 * A ?return= value is honoured only as a same-origin path ('/x', never '//host' or a URL), so a
 * crafted link cannot send a freshly signed-in user to another site.
 */
export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * After login: the return path when present (unless it is an area of another role, which would
 * only bounce), else /admin for admins, My Purchases for practices and /dashboard for developers.
 */
export function destinationAfterLogin(role: StoredRole, returnParam: string | null): string {
  const home = role === 'admin' ? paths.admin : role === 'practice' ? paths.myPurchases : paths.dashboard;
  const target = safeReturnPath(returnParam);
  if (!target) return home;
  const inAdminArea = target === paths.admin || target.startsWith(`${paths.admin}/`);
  const inDeveloperArea = target === paths.dashboard || target.startsWith(`${paths.dashboard}/`);
  if ((role !== 'developer' && inDeveloperArea) || (role !== 'admin' && inAdminArea)) return home;
  return target;
}
