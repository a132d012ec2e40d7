import { Button, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/form-message';
import { errorText } from '../../../lib/api-client';
import { firstErrorMessage } from '../../../lib/form-errors';

/**
 * A sign-in or password form (react-hook-form with its zod schema, lib/use-zod-form.ts): on submit
 * the last error clears (and whatever `onStart` clears), the schema may refuse with a message, else
 * `send` runs with the schema's output; the refusal, or what `send` throws (its server detail, else
 * `failed`), shows above the fields until the next submit. The error state is the caller's so other
 * ways in (Google) can report there too.
 */
export function AuthForm<Values extends FieldValues, Output>({
  form,
  error,
  setError,
  onStart,
  send,
  failed,
  children,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  error: string | null;
  setError: (error: string | null) => void;
  onStart?: () => void;
  send: (values: Output) => Promise<unknown>;
  failed: string;
  children: ReactNode;
}) {
  const onSubmit = (e: FormEvent) => {
    setError(null);
    onStart?.();
    return form.handleSubmit(
      async (values) => {
        try {
          await send(values);
        } catch (err) {
          setError(errorText(err, failed));
        }
      },
      (errors) => setError(firstErrorMessage(errors) ?? failed),
    )(e);
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
