import { MSG } from '@shared/messages';
import { useState } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { AuthHeading } from '@/components/ui/auth-heading';
import { AppLink } from '@/components/ui/links';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSignInAdmin } from '../api/sign-in-admin';
import { toStoredRole } from '../lib/redirect';
import { useStartSession } from '../lib/session';
import { AuthFooter } from './auth-form-parts';
import { CredentialsForm } from './credentials-form';
import { SignInLinkOffer } from './sign-in-link';

/** Admin sign-in: /admin for admins, /dashboard otherwise; ?return= is ignored (docs/spec.md section 4). */
export function AdminLoginForm() {
  const [error, setError] = useState<string | null>(null);
  const { trigger, isMutating } = useSignInAdmin();
  const startSession = useStartSession();
  // The address a sign-in was refused for after repeated failures (429): a mailed link is offered.
  const [locked, setLocked] = useState<string | null>(null);

  return (
    <>
      <AuthHeading icon={<LuShieldCheck />} title="Admin sign in" subtitle="Restricted to platform administrators." />
      <CredentialsForm
        emailLabel="Admin email"
        emailAutoComplete="username"
        submitLabel="Sign In as Admin"
        loading={isMutating}
        failed={MSG.adminLoginFailed}
        error={error}
        setError={setError}
        onCredentials={async (credentials) => {
          let res: Awaited<ReturnType<typeof trigger>>;
          try {
            res = await trigger(credentials);
          } catch (err) {
            if (err instanceof ApiError && err.status === 429) setLocked(credentials.email);
            throw err;
          }
          if (!res?.access_token || !res.role) return setError(MSG.invalidServerResponse);
          const role = toStoredRole(res.role);
          startSession(res.access_token, role, role === 'admin' ? paths.admin : paths.dashboard);
        }}
      />
      {locked && <SignInLinkOffer email={locked} />}
      <AuthFooter>
        Not an administrator? <AppLink to={paths.login}>Developer sign in</AppLink>
      </AuthFooter>
    </>
  );
}
