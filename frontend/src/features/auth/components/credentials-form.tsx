import { Field, Flex, Input } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { PasswordInput } from '../../../components/ui/password-input';
import type { Credentials } from '../api/sign-in';
import { validateCredentials } from '../lib/validation';
import { AuthForm, AuthSubmit } from './auth-form-parts';

/**
 * The e-mail and password form of developer and admin sign-in. Both fields are required; the
 * trimmed e-mail and the password go to `onCredentials`, and what it throws shows above the form
 * (`failed` when the server gave no message). `error` is the caller's so other ways in (Google)
 * can report there too.
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const passwordLabel = <Field.Label>Password</Field.Label>;
  return (
    <AuthForm
      error={error}
      setError={setError}
      validate={() => validateCredentials(email, password)}
      send={() => onCredentials({ email: email.trim(), password })}
      failed={failed}
    >
      <Field.Root>
        <Field.Label>{emailLabel}</Field.Label>
        <Input
          type="email"
          autoComplete={emailAutoComplete}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={emailPlaceholder}
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
        <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field.Root>
      <AuthSubmit loading={loading} loadingText="Signing in...">
        {submitLabel}
      </AuthSubmit>
    </AuthForm>
  );
}
