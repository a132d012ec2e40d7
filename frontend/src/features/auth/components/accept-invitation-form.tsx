import { Field, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuKeyRound } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import * as z from 'zod';
import { LIMITS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import { AcceptInvitationRequest, INVITATION_LINK_INVALID } from '../../../../../shared/schemas/accounts';
import { AuthHeading } from '../../../components/ui/auth-heading';
import { FormMessage } from '../../../components/ui/form-message';
import { ButtonLink } from '../../../components/ui/links';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../config/paths';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAcceptInvitation } from '../api/claim-account';
import { AuthForm, AuthSubmit } from './auth-form-parts';

const InvitationForm = z
  .object({ password: AcceptInvitationRequest.shape.password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: MSG.passwordsDoNotMatch, path: ['confirm'] });

/** /accept-invitation?token=...: an imported legacy account chooses its password. */
export function AcceptInvitationForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useZodForm(InvitationForm, { defaultValues: { password: '', confirm: '' } });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { trigger, isMutating } = useAcceptInvitation();
  const heading = <AuthHeading icon={<LuKeyRound />} title="Set your password" />;

  if (!token || done) {
    return (
      <>
        {heading}
        <Stack gap="4">
          <FormMessage status={done ? 'success' : 'error'}>{done ?? INVITATION_LINK_INVALID}</FormMessage>
          {done && (
            <ButtonLink to={paths.login} colorPalette="brand">
              Continue to sign in
            </ButtonLink>
          )}
        </Stack>
      </>
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
        <Field.Root>
          <Field.Label>Password</Field.Label>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
          <Field.HelperText>At least {LIMITS.passwordMin} characters.</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Confirm Password</Field.Label>
          <PasswordInput autoComplete="new-password" {...form.register('confirm')} />
        </Field.Root>
        <AuthSubmit loading={isMutating} loadingText="Saving...">
          Set password
        </AuthSubmit>
      </AuthForm>
    </>
  );
}
