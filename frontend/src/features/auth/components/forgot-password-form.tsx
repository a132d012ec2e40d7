import { Field, Input } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { ForgotPasswordRequest } from '@shared/schemas/accounts';
import { useState } from 'react';
import { LuMail } from 'react-icons/lu';
import { AuthHeading } from '@/components/ui/auth-heading';
import { FormMessage } from '@/components/ui/form-message';
import { AppLink } from '@/components/ui/links';
import { paths } from '@/config/paths';
import { useZodForm } from '@/lib/use-zod-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthFooter, AuthForm, AuthSubmit } from './auth-form-parts';

export function ForgotPasswordForm() {
  const form = useZodForm(ForgotPasswordRequest, { defaultValues: { email: '' } });
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { trigger, isMutating } = useRequestPasswordReset();

  return (
    <>
      <AuthHeading
        icon={<LuMail />}
        title="Reset your password"
        subtitle="Enter the e-mail address of your account and we'll send you a link to choose a new password."
      />
      <AuthForm
        error={error}
        setError={setError}
        onStart={() => setSent(null)}
        form={form}
        send={async ({ email }) => {
          const res = await trigger(email);
          setSent(res?.message || MSG.forgotSuccess);
        }}
        failed={MSG.forgotFailed}
      >
        {sent && <FormMessage status="success">{sent}</FormMessage>}
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field.Root>
        <AuthSubmit loading={isMutating} loadingText="Sending...">
          Send reset link
        </AuthSubmit>
      </AuthForm>
      <AuthFooter>
        Remembered it? <AppLink to={paths.login}>Back to sign in</AppLink>
      </AuthFooter>
    </>
  );
}
