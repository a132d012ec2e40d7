import { Button, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { FormMessage } from '../../../components/ui/form-message';
import { errorText } from '../../../lib/api-client';

/**
 * A sign-in or password form: on submit the last error clears (and whatever `onStart` clears),
 * `validate` may refuse with a message, else `send` runs; the refusal, or what `send` throws (its
 * server detail, else `failed`), shows above the fields. The error state is the caller's so other
 * ways in (Google) can report there too.
 */
export function AuthForm({
  error,
  setError,
  onStart,
  validate,
  send,
  failed,
  children,
}: {
  error: string | null;
  setError: (error: string | null) => void;
  onStart?: () => void;
  validate: () => string | null;
  send: () => Promise<unknown>;
  failed: string;
  children: ReactNode;
}) {
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    onStart?.();
    const invalid = validate();
    if (invalid) return setError(invalid);
    try {
      await send();
    } catch (err) {
      setError(errorText(err, failed));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        {error && <FormMessage status="error">{error}</FormMessage>}
        {children}
      </Stack>
    </form>
  );
}

/** The full-width primary button that submits a sign-in, sign-up or password form. */
export function AuthSubmit({
  loading,
  loadingText,
  children,
}: {
  loading: boolean;
  loadingText: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" colorPalette="brand" size="lg" loading={loading} loadingText={loadingText}>
      {children}
    </Button>
  );
}

/** The line under an auth form pointing to the other way in ("Back to sign in", "Sign up"...). */
export function AuthFooter({ children }: { children: ReactNode }) {
  return (
    <Text mt="8" textAlign="center" fontSize="sm" color="gray.600">
      {children}
    </Text>
  );
}
