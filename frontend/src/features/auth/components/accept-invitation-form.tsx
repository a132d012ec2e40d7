import { AcceptInvitationRequest, INVITATION_LINK_INVALID } from '@shared/schemas/accounts';
import { LuKeyRound } from 'react-icons/lu';
import { AuthHeading } from '@/components/ui/auth-heading';
import { paths } from '@/config/paths';
import { useAcceptInvitation } from '../api/claim-account';
import { newPasswordForm } from '../lib/confirmed-password';
import { usePasswordLink } from '../lib/password-link';
import { AuthForm, AuthOutcome, AuthSubmit, NewPasswordFields } from './auth-form-parts';

const InvitationForm = newPasswordForm(AcceptInvitationRequest.shape.password);

/** /accept-invitation?token=...: an imported legacy account chooses its password. */
export function AcceptInvitationForm() {
  const { token, form, error, setError, done, setDone } = usePasswordLink(InvitationForm);
  const { trigger, isMutating } = useAcceptInvitation();
  const heading = <AuthHeading icon={<LuKeyRound />} title="Set your password" />;

  if (done) {
    return (
      <AuthOutcome heading={heading} status="success" next={{ to: paths.login, label: 'Continue to sign in' }}>
        {done}
      </AuthOutcome>
    );
  }
  if (!token) {
    return (
      <AuthOutcome heading={heading} status="error">
        {INVITATION_LINK_INVALID}
      </AuthOutcome>
    );
  }

  return (
    <>
      {heading}
      <AuthForm
        form={form}
        error={error}
        setError={setError}
        failed={INVITATION_LINK_INVALID}
        send={async ({ password }) => {
          const res = await trigger({ token, password });
          setDone(res?.message ?? null);
        }}
      >
        <NewPasswordFields password={form.register('password')} confirm={form.register('confirm')} />
        <AuthSubmit loading={isMutating} loadingText="Saving...">
          Set password
        </AuthSubmit>
      </AuthForm>
    </>
  );
}
