import { Field, Flex, Input } from '@chakra-ui/react';
import { LoginRequest } from '@shared/schemas/accounts';
import type { ReactNode } from 'react';
import { PasswordInput } from '@/components/ui/password-input';
import { useZodForm } from '@/lib/use-zod-form';
import type { Credentials } from '../api/sign-in';
import { AuthForm, AuthSubmit } from './auth-form-parts';

/**
 * The e-mail and password form of developer and admin sign-in, checked by the sign-in API's own
 * schema (LoginRequest: both fields required, the spec's one message). The e-mail as the server
 * reads it (trimmed, lower case) and the password go to `onCredentials`, and what it throws shows
 * above the form (`failed` when the server gave no message). `error` is the caller's so other ways
 * in (Google) can report there too.
 */
export function CredentialsForm({
  emailLabel,
  emailAutoComplete,
  emailPlaceholder,
  passwordAside,
  submitLabel,
  loading,
  failed,
  error,
  setError,
  onCredentials,
}: {
  emailLabel: string;
  emailAutoComplete: string;
  emailPlaceholder?: string;
  /** Shown on the password label's line, e.g. the "Forgot password?" link. */
  passwordAside?: ReactNode;
  submitLabel: string;
  loading: boolean;
  failed: string;
  error: string | null;
  setError: (error: string | null) => void;
  onCredentials: (credentials: Credentials) => Promise<void>;
}) {
  const form = useZodForm(LoginRequest, { defaultValues: { email: '', password: '' } });

  const passwordLabel = <Field.Label>Password</Field.Label>;
  return (
    <AuthForm error={error} setError={setError} form={form} send={onCredentials} failed={failed}>
      <Field.Root>
        <Field.Label>{emailLabel}</Field.Label>
        <Input
          type="email"
          autoComplete={emailAutoComplete}
          placeholder={emailPlaceholder}
          {...form.register('email')}
        />
      </Field.Root>
      <Field.Root>
        {passwordAside ? (
          <Flex w="full" justify="space-between" align="baseline">
            {passwordLabel}
            {passwordAside}
          </Flex>
        ) : (
          passwordLabel
        )}
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </Field.Root>
      <AuthSubmit loading={loading} loadingText="Signing in...">
        {submitLabel}
      </AuthSubmit>
    </AuthForm>
  );
}
