import { MSG } from '@shared/messages';
import { useState } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { AuthHeading } from '@/components/ui/auth-heading';
import { AppLink } from '@/components/ui/links';
import { paths } from '@/config/paths';
import { useSignInAdmin } from '../api/sign-in-admin';
import { toStoredRole } from '../lib/redirect';
import { useStartSession } from '../lib/session';
import { AuthFooter } from './auth-form-parts';
import { CredentialsForm } from './credentials-form';
import { useSignInLinkOffer } from './sign-in-link';

/** Admin sign-in: /admin for admins, /dashboard otherwise; ?return= is ignored (docs/spec.md section 4). */
export function AdminLoginForm() {
  const [error, setError] = useState<string | null>(null);
  const { trigger, isMutating } = useSignInAdmin();
  const startSession = useStartSession();
  const { watch, offer } = useSignInLinkOffer();

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
          const res = await watch(credentials.email, () => trigger(credentials));
          if (!res?.access_token || !res.role) return setError(MSG.invalidServerResponse);
          const role = toStoredRole(res.role);
          startSession(res.access_token, role, role === 'admin' ? paths.admin : paths.dashboard);
        }}
      />
      {offer}
      <AuthFooter>
        Not an administrator? <AppLink to={paths.login}>Developer sign in</AppLink>
      </AuthFooter>
    </>
  );
}
