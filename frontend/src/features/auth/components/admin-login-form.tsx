import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LuShieldCheck } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../../../../shared/messages';
import { useClearApiCache } from '../../../components/layouts/use-logout';
import { FormMessage } from '../../../components/ui/form-message';
import { AppLink } from '../../../components/ui/links';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { setSession } from '../../../lib/auth-storage';
import { useSignInAdmin } from '../api/sign-in-admin';
import { toStoredRole } from '../lib/redirect';
import { validateCredentials } from '../lib/validation';
import { AuthHeading } from './auth-heading';

/** Admin sign-in: /admin for admins, /dashboard otherwise; ?return= is ignored (docs/spec.md section 4). */
export function AdminLoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { trigger, isMutating } = useSignInAdmin();
  const navigate = useNavigate();
  const clearCache = useClearApiCache();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const invalid = validateCredentials(email, password);
    if (invalid) return setError(invalid);
    try {
      const res = await trigger({ email: email.trim(), password });
      if (!res?.access_token || !res.role) return setError(MSG.invalidServerResponse);
      const role = toStoredRole(res.role);
      void clearCache();
      setSession(res.access_token, role);
      void navigate(role === 'admin' ? paths.admin : paths.dashboard, { replace: true });
    } catch (err) {
      setError(errorText(err, MSG.adminLoginFailed));
    }
  };

  return (
    <>
      <AuthHeading icon={<LuShieldCheck />} title="Admin sign in" subtitle="Restricted to platform administrators." />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          {error && <FormMessage status="error">{error}</FormMessage>}
          <Field.Root>
            <Field.Label>Admin email</Field.Label>
            <Input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Password</Field.Label>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field.Root>
          <Button type="submit" colorPalette="brand" size="lg" loading={isMutating} loadingText="Signing in...">
            Sign In as Admin
          </Button>
        </Stack>
      </form>
      <Text mt="8" textAlign="center" fontSize="sm" color="gray.600">
        Not an administrator? <AppLink to={paths.login}>Developer sign in</AppLink>
      </Text>
    </>
  );
}
