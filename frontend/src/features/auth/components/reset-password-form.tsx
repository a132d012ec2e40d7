import { Field, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuKeyRound } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import * as z from 'zod';
import { LIMITS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import { ResetPasswordRequest } from '../../../../../shared/schemas/accounts';
import { AuthHeading } from '../../../components/ui/auth-heading';
import { FormMessage } from '../../../components/ui/form-message';
import { AppLink, ButtonLink } from '../../../components/ui/links';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../config/paths';
import { useZodForm } from '../../../lib/use-zod-form';
import { useResetPassword } from '../api/reset-password';
import { useRedirectToLoginWhen } from '../lib/session';
import { AuthFooter, AuthForm, AuthSubmit } from './auth-form-parts';

/** The new password, as the reset API checks it (at least 6 characters first), and its confirmation. */
const NewPasswordForm = z
  .object({ password: ResetPasswordRequest.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: MSG.passwordsDoNotMatch, path: ['confirm'] });

/** New password from an e-mailed link (/reset-password?token=...). */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useZodForm(NewPasswordForm, { defaultValues: { password: '', confirm: '' } });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { trigger, isMutating } = useResetPassword();

  useRedirectToLoginWhen(done);

  const heading = <AuthHeading icon={<LuKeyRound />} title="Choose a new password" />;

  if (!token) {
    return (
      <>
        {heading}
        <Stack gap="4">
          <FormMessage status="error">This reset link is invalid or incomplete.</FormMessage>
          <ButtonLink to={paths.forgotPassword} colorPalette="brand">
            Request a new link
          </ButtonLink>
        </Stack>
      </>
    );
  }

  if (done) {
    return (
      <>
        {heading}
        <Stack gap="4">
          <FormMessage status="success" title={done}>
            You can now sign in with your new password. Redirecting...
          </FormMessage>
          <ButtonLink to={paths.login} colorPalette="brand">
            Continue to sign in
          </ButtonLink>
        </Stack>
      </>
    );
  }

  return (
    <>
      {heading}
      <AuthForm
        error={error}
        setError={setError}
        form={form}
        send={async ({ password }) => {
          const res = await trigger({ token, password });
          setDone(res?.message || 'Your password has been reset.');
        }}
        failed="Failed to reset password. The link may have expired."
      >
        <Field.Root>
          <Field.Label>New Password</Field.Label>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
          <Field.HelperText>At least {LIMITS.passwordMin} characters.</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Confirm New Password</Field.Label>
          <PasswordInput autoComplete="new-password" {...form.register('confirm')} />
        </Field.Root>
        <AuthSubmit loading={isMutating} loadingText="Saving...">
          Reset password
        </AuthSubmit>
      </AuthForm>
      <AuthFooter>
        <AppLink to={paths.login}>Back to sign in</AppLink>
      </AuthFooter>
    </>
  );
}
