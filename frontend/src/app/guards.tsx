import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { getRole, getToken, type StoredRole } from '../lib/auth-storage';
import { useSession } from '../lib/use-current-user';

/** Location state set when a guard sends a signed-in user to the other role's sign-in page. */
export interface SwitchAccountState {
  switchAccount: true;
  from: string;
}

export const isSwitchAccount = (state: unknown): state is SwitchAccountState =>
  typeof state === 'object' && state !== null && (state as SwitchAccountState).switchAccount === true;

/** Where a signed-in user belongs. */
export const homeFor = (role: StoredRole | null): string =>
  role === 'admin' ? paths.admin : role === 'practice' ? paths.myPurchases : paths.dashboard;

/**
 * Public-only pages (login, signup, forgot-password, admin-login, portal): a user with a stored
 * token goes to /admin (admin) or /dashboard. Exception: when an area guard sent a signed-in
 * user here because their role does not fit (a developer opening /admin), the sign-in form stays,
 * so they can sign in with the other account instead of bouncing back.
 */
export function PublicOnly() {
  // Decided once per navigation, not subscribed to the session: a successful sign-in on these
  // pages navigates by itself (honouring ?return=), and a live redirect here would race it.
  const location = useLocation();
  const decision = useRef<{ key: string; to: string | null } | null>(null);
  if (decision.current?.key !== location.key) {
    const redirect = getToken() && !isSwitchAccount(location.state);
    decision.current = { key: location.key, to: redirect ? homeFor(getRole()) : null };
  }
  if (decision.current.to) return <Navigate to={decision.current.to} replace />;
  return <Outlet />;
}

/** An area that needs a stored token and a role; anyone else goes to that area's sign-in page. */
export function RequireRole({ allow, redirectTo }: { allow: StoredRole | readonly StoredRole[]; redirectTo: string }) {
  const session = useSession();
  const location = useLocation();
  const allowed: readonly StoredRole[] = typeof allow === 'string' ? [allow] : allow;
  if (session.token && session.role && allowed.includes(session.role)) return <Outlet />;
  const state: SwitchAccountState | undefined = session.token
    ? { switchAccount: true, from: location.pathname }
    : undefined;
  return <Navigate to={redirectTo} replace state={state} />;
}
