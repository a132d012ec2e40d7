import { LIMITS } from '@shared/constants';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useClearApiCache } from '@/components/layouts/use-logout';
import { paths } from '@/config/paths';
import { type StoredRole, setSession } from '@/lib/auth-storage';

/**
 * Starts a signed-in session: the previous account's cached API answers are dropped, the token and
 * role stored, and the browser sent to `destination` (replacing the sign-in page in history).
 */
export function useStartSession() {
  const navigate = useNavigate();
  const clearCache = useClearApiCache();
  return (token: string, role: StoredRole, destination: string) => {
    void clearCache();
    setSession(token, role);
    void navigate(destination, { replace: true });
  };
}

/** Once `done` is set (an account created, a password reset), goes to sign-in after a short pause. */
export function useRedirectToLoginWhen(done: unknown) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login), LIMITS.signupRedirectMs);
    return () => clearTimeout(timer);
  }, [done, navigate]);
}
