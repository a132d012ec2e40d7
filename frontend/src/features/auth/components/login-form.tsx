import { Button, Field, Flex, HStack, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LuBuilding2, LuLogIn } from 'react-icons/lu';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../../../shared/messages';
import { useClearApiCache } from '../../../components/layouts/use-logout';
import { FormMessage } from '../../../components/ui/form-message';
import { AppLink } from '../../../components/ui/links';
import { PasswordInput } from '../../../components/ui/password-input';
import { notifyInfo } from '../../../components/ui/toaster';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth-storage';
import type { SessionResponse } from '../api/sign-in';
import { useSignIn } from '../api/sign-in';
import { destinationAfterLogin, toStoredRole } from '../lib/redirect';
import { validateCredentials } from '../lib/validation';
import { AuthHeading } from './auth-heading';
import { GoogleSignIn } from './google-sign-in';

/** Developer sign-in: e-mail and password, Google, and a single-sign-on teaser. */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { trigger, isMutating } = useSignIn();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const clearCache = useClearApiCache();

  /** Stores the session and goes to ?return= or the role's home (docs/spec.md section 4). */
  const startSession = (res: SessionResponse, fallback: string) => {
    if (!res?.access_token) return setError(fallback);
    const role = toStoredRole(res.role);
    void clearCache();
    setSession(res.access_token, role);
    void navigate(destinationAfterLogin(role, params.get('return')), { replace: true });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const invalid = validateCredentials(email, password);
    if (invalid) return setError(invalid);
    try {
      startSession(await trigger({ email: email.trim(), password }), MSG.loginFailed);
    } catch (err) {
      setError(errorText(err, MSG.loginFailed));
    }
  };

  return (
    <>
      <AuthHeading icon={<LuLogIn />} title="Welcome back" subtitle="Sign in to your developer account." />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          {error && <FormMessage status="error">{error}</FormMessage>}
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="you@company.com"
            />
          </Field.Root>
          <Field.Root>
            <Flex w="full" justify="space-between" align="baseline">
              <Field.Label>Password</Field.Label>
              <AppLink to={paths.forgotPassword} fontSize="sm">
                Forgot password?
              </AppLink>
            </Flex>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field.Root>
          <Button type="submit" colorPalette="brand" size="lg" loading={isMutating} loadingText="Signing in...">
            Sign In
          </Button>
        </Stack>
      </form>

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
