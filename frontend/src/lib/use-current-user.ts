import { useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { fetcher } from './api-client';
import { getRole, getToken, type StoredRole } from './auth-storage';

export interface CurrentUser {
  id: string;
  email: string;
  full_name: string;
  company_name?: string;
  role: StoredRole;
  is_approved: boolean;
  /** False until the developer follows the link mailed at sign-up. */
  email_verified?: boolean;
}

type Session = { token: string | null; role: StoredRole | null };

const SIGNED_OUT: Session = { token: null, role: null };
let lastSession: Session = SIGNED_OUT;

/** The stored session, the same object while nothing changed (useSyncExternalStore compares by identity). */
function readSession(): Session {
  const token = getToken();
  const role = getRole();
  if (token !== lastSession.token || role !== lastSession.role) lastSession = { token, role };
  return lastSession;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('auth-changed', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener('auth-changed', onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Re-renders when the stored session changes (login/logout in this tab or another). The server
 * renders the storefront signed out; while hydrating, React uses that same signed-out snapshot and
 * then re-renders with the stored session, so a signed-in visitor gets no hydration mismatch.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, readSession, () => SIGNED_OUT);
}

/** The signed-in user's profile (GET /api/user/profile), only fetched when a token exists. */
export function useCurrentUser() {
  const { token } = useSession();
  const { data, error, isLoading } = useSWR<CurrentUser>(token ? '/api/user/profile' : null, fetcher, {
    shouldRetryOnError: false,
  });
  return { user: token ? data : undefined, error, isLoading };
}
