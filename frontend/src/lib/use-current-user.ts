import { useEffect, useState } from 'react';
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

/** Re-renders when the stored session changes (login/logout in this tab or another). */
export function useSession(): { token: string | null; role: StoredRole | null } {
  const [session, setSession] = useState(() => ({ token: getToken(), role: getRole() }));
  useEffect(() => {
    const update = () => setSession({ token: getToken(), role: getRole() });
    window.addEventListener('auth-changed', update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener('auth-changed', update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return session;
}

/** The signed-in user's profile (GET /api/user/profile), only fetched when a token exists. */
export function useCurrentUser() {
  const { token } = useSession();
  const { data, error, isLoading } = useSWR<CurrentUser>(token ? '/api/user/profile' : null, fetcher, {
    shouldRetryOnError: false,
  });
  return { user: token ? data : undefined, error, isLoading };
}
