import { Field, Input, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LuMail } from 'react-icons/lu';
import { MSG } from '../../../../../shared/messages';
import { FormMessage } from '../../../components/ui/form-message';
import { AppLink } from '../../../components/ui/links';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { looksLikeEmail } from '../lib/validation';
import { AuthFooter, AuthSubmit } from './auth-form-parts';
import { AuthHeading } from './auth-heading';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { trigger, isMutating } = useRequestPasswordReset();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSent(null);
    if (!looksLikeEmail(email.trim())) return setError(MSG.invalidEmail);
    try {
      const res = await trigger(email.trim());
      setSent(res?.message || MSG.forgotSuccess);
    } catch (err) {
      setError(errorText(err, MSG.forgotFailed));
    }
  };

  return (
    <>
      <AuthHeading
        icon={<LuMail />}
        title="Reset your password"
        subtitle="Enter the e-mail address of your account and we'll send you a link to choose a new password."
      />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          {error && <FormMessage status="error">{error}</FormMessage>}
          {sent && <FormMessage status="success">{sent}</FormMessage>}
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field.Root>
          <AuthSubmit loading={isMutating} loadingText="Sending...">
            Send reset link
          </AuthSubmit>
        </Stack>
      </form>
      <AuthFooter>
        Remembered it? <AppLink to={paths.login}>Back to sign in</AppLink>
      </AuthFooter>
    </>
  );
}
