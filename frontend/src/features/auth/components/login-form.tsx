import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { useState } from 'react';
import { LuBuilding2, LuLogIn } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { AuthHeading } from '@/components/ui/auth-heading';
import { AppLink } from '@/components/ui/links';
import { notifyInfo } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import type { SessionResponse } from '../api/sign-in';
import { useSignIn } from '../api/sign-in';
import { destinationAfterLogin, toStoredRole } from '../lib/redirect';
import { useStartSession } from '../lib/session';
import { CredentialsForm } from './credentials-form';
import { GoogleSignIn } from './google-sign-in';
import { useSignInLinkOffer } from './sign-in-link';

/** Developer sign-in: e-mail and password, Google, and a single-sign-on teaser. */
export function LoginForm() {
  const [error, setError] = useState<string | null>(null);
  const { trigger, isMutating } = useSignIn();
  const { watch, offer } = useSignInLinkOffer();
  const [params] = useSearchParams();
  const start = useStartSession();

  /** Stores the session and goes to ?return= or the role's home (docs/spec.md section 4). */
  const startSession = (res: SessionResponse, fallback: string) => {
    if (!res?.access_token) return setError(fallback);
    const role = toStoredRole(res.role);
    start(res.access_token, role, destinationAfterLogin(role, params.get('return')));
  };

  return (
    <>
      <AuthHeading icon={<LuLogIn />} title="Welcome back" subtitle="Sign in to your developer account." />
      <CredentialsForm
        emailLabel="Email"
        emailAutoComplete="email"
        emailPlaceholder="you@company.com"
        passwordAside={
          <AppLink to={paths.forgotPassword} fontSize="sm">
            Forgot password?
          </AppLink>
        }
        submitLabel="Sign In"
        loading={isMutating}
        failed={MSG.loginFailed}
        error={error}
        setError={setError}
        onCredentials={async (credentials) =>
          startSession(await watch(credentials.email, () => trigger(credentials)), MSG.loginFailed)
        }
      />
      {offer}

      <HStack my="6" gap="3">
        <Separator flex="1" />
        <Text fontSize="xs" color="gray.500" textTransform="uppercase" letterSpacing="wider" flexShrink={0}>
          or continue with
        </Text>
        <Separator flex="1" />
      </HStack>

      <Stack gap="3">
        <GoogleSignIn onSession={(res) => startSession(res, MSG.googleLoginFailed)} onError={setError} />
        <Button variant="outline" w="full" onClick={() => notifyInfo('Single sign-on is coming soon')}>
          <LuBuilding2 /> Sign in with SSO
        </Button>
      </Stack>

      <Stack mt="8" gap="2" textAlign="center" fontSize="sm" color="gray.600">
        <Text>
          Don't have an account? <AppLink to={paths.signup}>Sign up</AppLink>
        </Text>
        <Text>
          Administrator? <AppLink to={paths.adminLogin}>Admin sign in</AppLink>
        </Text>
      </Stack>
    </>
  );
}
