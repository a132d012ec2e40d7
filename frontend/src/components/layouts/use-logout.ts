import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { paths } from '@/config/paths';
import { clearSession, getRole } from '@/lib/auth-storage';

/** Where each layout sends the user after logout (docs/spec.md section 2, shared layouts). */
const DESTINATION = { marketplace: paths.home, developer: paths.login, admin: paths.adminLogin } as const;

/** Drops every cached API response, so the next account never sees the previous one's data. */
export function useClearApiCache() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(() => true, undefined, { revalidate: false }), [mutate]);
}

/**
 * Logout: token and role removed and session storage cleared; an admin's logout clears all of
 * local storage. The session is cleared before navigating so the area guards agree on the target.
 */
export function useLogout(from: keyof typeof DESTINATION) {
  const navigate = useNavigate();
  const clearCache = useClearApiCache();
  return useCallback(() => {
    clearSession({ all: getRole() === 'admin' });
    void clearCache();
    void navigate(DESTINATION[from], { replace: true });
  }, [from, navigate, clearCache]);
}
