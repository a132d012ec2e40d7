import { Button, Field, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import type { FormEvent, ReactNode } from 'react';
import type { FieldValues, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { FormMessage } from '@/components/ui/form-message';
import { ButtonLink } from '@/components/ui/links';
import { PasswordInput } from '@/components/ui/password-input';
import { errorText } from '@/lib/api-client';
import { firstErrorMessage } from '@/lib/form-errors';

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

/**
 * What an auth page shows instead of its form (a used link, a finished step): its heading, one
 * message and, when there is one, the button to where the user goes next.
 */
export function AuthOutcome({
  heading,
  status,
  title,
  next,
  children,
}: {
  heading: ReactNode;
  status: 'error' | 'success' | 'info';
  title?: string;
  next?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <>
      {heading}
      <Stack gap="4">
        <FormMessage status={status} title={title}>
          {children}
        </FormMessage>
        {next && (
          <ButtonLink to={next.to} colorPalette="brand">
            {next.label}
          </ButtonLink>
        )}
      </Stack>
    </>
  );
}

/**
 * A required field: its label with the marker, the input, then its own error (when the form shows
 * one under each field) or else the hint.
 */
export function RequiredField({
  label,
  invalid = false,
  error,
  hint,
  children,
}: {
  label: string;
  invalid?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Field.Root required invalid={invalid}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : hint && <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}

/**
 * A new password and its confirmation ("Password" / "Confirm Password", or with another `label`),
 * the minimum length said under the first; `required` marks both as required fields.
 */
export function NewPasswordFields({
  password,
  confirm,
  label = 'Password',
  required = false,
}: {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  label?: string;
  required?: boolean;
}) {
  const indicator = required ? (
    <>
      {' '}
      <Field.RequiredIndicator />
    </>
  ) : null;
  return (
    <>
      <Field.Root required={required}>
        <Field.Label>
          {label}
          {indicator}
        </Field.Label>
        <PasswordInput autoComplete="new-password" {...password} />
        <Field.HelperText>At least {LIMITS.passwordMin} characters.</Field.HelperText>
      </Field.Root>
      <Field.Root required={required}>
        <Field.Label>
          Confirm {label}
          {indicator}
        </Field.Label>
        <PasswordInput autoComplete="new-password" {...confirm} />
      </Field.Root>
    </>
  );
}
