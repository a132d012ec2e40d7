import { Stack } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { useEffect, useRef, useState } from 'react';
import { LuMailCheck } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { AuthHeading } from '@/components/ui/auth-heading';
import { FormMessage } from '@/components/ui/form-message';
import { ButtonLink } from '@/components/ui/links';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { verifyEmail } from '../api/verify-email';

/** /verify-email?token=...: follows the link mailed at sign-up, once, and says how it went. */
export function VerifyEmailResult() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(
    token ? null : { ok: false, text: MSG.verifyLinkInvalid },
  );
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail(token)
      .then((res) => setState({ ok: true, text: res?.message || MSG.emailVerified }))
      .catch((err: unknown) => setState({ ok: false, text: errorText(err, MSG.verifyLinkInvalid) }));
  }, [token]);

  return (
    <>
      <AuthHeading icon={<LuMailCheck />} title="Verify your email address" />
      <Stack gap="4" aria-live="polite">
        {!state ? (
          <FormMessage status="info">{MSG.verifyingEmail}</FormMessage>
        ) : (
          <FormMessage status={state.ok ? 'success' : 'error'}>{state.text}</FormMessage>
        )}
        {state && (
          <ButtonLink to={state.ok ? paths.dashboard : paths.login} colorPalette="brand">
            {state.ok ? 'Continue to your dashboard' : 'Sign in to request a new link'}
          </ButtonLink>
        )}
      </Stack>
    </>
  );
}
