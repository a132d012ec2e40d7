import { ResetPasswordRequest } from '@shared/schemas/accounts';
import { LuKeyRound } from 'react-icons/lu';
import { AuthHeading } from '@/components/ui/auth-heading';
import { AppLink } from '@/components/ui/links';
import { paths } from '@/config/paths';
import { useResetPassword } from '../api/reset-password';
import { newPasswordForm } from '../lib/confirmed-password';
import { usePasswordLink } from '../lib/password-link';
import { useRedirectToLoginWhen } from '../lib/session';
import { AuthFooter, AuthForm, AuthOutcome, AuthSubmit, NewPasswordFields } from './auth-form-parts';

/** The new password, as the reset API checks it (at least 6 characters first), and its confirmation. */
const NewPasswordForm = newPasswordForm(ResetPasswordRequest.shape.password);

/** New password from an e-mailed link (/reset-password?token=...). */
export function ResetPasswordForm() {
  const { token, form, error, setError, done, setDone } = usePasswordLink(NewPasswordForm);
  const { trigger, isMutating } = useResetPassword();

  useRedirectToLoginWhen(done);

  const heading = <AuthHeading icon={<LuKeyRound />} title="Choose a new password" />;

  if (!token) {
    return (
      <AuthOutcome heading={heading} status="error" next={{ to: paths.forgotPassword, label: 'Request a new link' }}>
        This reset link is invalid or incomplete.
      </AuthOutcome>
    );
  }

  if (done) {
    return (
      <AuthOutcome
        heading={heading}
        status="success"
        title={done}
        next={{ to: paths.login, label: 'Continue to sign in' }}
      >
        You can now sign in with your new password. Redirecting...
      </AuthOutcome>
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
        <NewPasswordFields
          label="New Password"
          password={form.register('password')}
          confirm={form.register('confirm')}
        />
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
