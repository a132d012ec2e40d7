import { Field, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuKeyRound } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { LIMITS } from '../../../../../shared/constants';
import { FormMessage } from '../../../components/ui/form-message';
import { AppLink, ButtonLink } from '../../../components/ui/links';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../config/paths';
import { useResetPassword } from '../api/reset-password';
import { useRedirectToLoginWhen } from '../lib/session';
import { validateNewPassword } from '../lib/validation';
import { AuthFooter, AuthForm, AuthSubmit } from './auth-form-parts';
import { AuthHeading } from './auth-heading';

/** New password from an e-mailed link (/reset-password?token=...). */
export function ResetPasswordForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
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
        validate={() => validateNewPassword(password, confirm)}
        send={async () => {
          const res = await trigger({ token, password });
          setDone(res?.message || 'Your password has been reset.');
        }}
        failed="Failed to reset password. The link may have expired."
      >
        <Field.Root>
          <Field.Label>New Password</Field.Label>
          <PasswordInput autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Field.HelperText>At least {LIMITS.passwordMin} characters.</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Confirm New Password</Field.Label>
          <PasswordInput autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
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
