import { Button, Stack } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { useState } from 'react';
import { FormMessage } from '@/components/ui/form-message';
import { errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/use-current-user';
import { useResendVerification } from '../api/verify-email';

/** On the developer dashboard while the address is unverified: says so and offers a new link. */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  const { trigger, isMutating } = useResendVerification();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  if (user?.email_verified !== false) return null;

  const resend = async () => {
    try {
      const res = await trigger();
      setResult({ ok: true, text: res?.message || MSG.verificationSent });
    } catch (err) {
      setResult({ ok: false, text: errorText(err, 'Could not send a new link. Please try again later.') });
    }
  };

  return (
    <Stack gap="2" mb="6">
      <FormMessage status="warning" title={MSG.verifyEmailBanner}>
        Verified addresses can create production keys and use Google sign-in.
      </FormMessage>
      <div>
        <Button size="sm" variant="outline" onClick={resend} loading={isMutating}>
          {MSG.resendVerification}
        </Button>
      </div>
      {result && <FormMessage status={result.ok ? 'success' : 'error'}>{result.text}</FormMessage>}
    </Stack>
  );
}
