import { Button, Stack, Text } from '@chakra-ui/react';
import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_SENT } from '@shared/schemas/accounts';
import { useState } from 'react';
import { LuMail, LuMailCheck } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { AuthHeading } from '@/components/ui/auth-heading';
import { FormMessage } from '@/components/ui/form-message';
import { AppLink } from '@/components/ui/links';
import { paths } from '@/config/paths';
import { ApiError, errorText } from '@/lib/api-client';
import { signInWithLink, useMailSignInLink } from '../api/sign-in-link';
import { destinationAfterLogin, toStoredRole } from '../lib/redirect';
import { useStartSession } from '../lib/session';

/**
 * Shown under the sign-in form once a sign-in was refused after repeated failures: instead of
 * waiting, the owner of the mailbox asks for a single-use sign-in link (issue 30: a second proof,
 * never a lock). The answer is the same whether or not the address has an account.
 */
export function SignInLinkOffer({ email }: { email: string }) {
  const { trigger, isMutating } = useMailSignInLink();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack mt="4" gap="3" aria-live="polite">
      {sent ? (
        <FormMessage status="success">{sent}</FormMessage>
      ) : (
        <>
          <Text fontSize="sm" color="gray.700">
            No need to wait: we can e-mail <strong>{email}</strong> a link that signs you in once.
          </Text>
          {error && <FormMessage status="error">{error}</FormMessage>}
          <Button
            variant="outline"
            loading={isMutating}
            onClick={async () => {
              setError(null);
              try {
                const res = await trigger({ email });
                setSent(res?.message ?? SIGN_IN_LINK_SENT);
              } catch (err) {
                setError(errorText(err, SIGN_IN_LINK_SENT));
              }
            }}
          >
            <LuMail /> Email me a sign-in link
          </Button>
        </>
      )}
    </Stack>
  );
}

/**
 * The offer of a credentials form: `watch` runs a sign-in and, when it is refused after repeated
 * failures (429), keeps the address; `offer` is then the SignInLinkOffer for it, else nothing.
 */
export function useSignInLinkOffer() {
  const [locked, setLocked] = useState<string | null>(null);
  const watch = async <T,>(email: string, signIn: () => Promise<T>): Promise<T> => {
    try {
      return await signIn();
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) setLocked(email);
      throw err;
    }
  };
  return { watch, offer: locked && <SignInLinkOffer email={locked} /> };
}

/** /login/link?token=...: signs in with the mailed link, by a button (mail scanners open links). */
export function SignInWithLink() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const start = useStartSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : SIGN_IN_LINK_INVALID);
  return (
    <>
      <AuthHeading icon={<LuMailCheck />} title="Sign in with your link" subtitle="The link works once." />
      <Stack gap="4" aria-live="polite">
        {error && <FormMessage status="error">{error}</FormMessage>}
        {token && (
          <Button
            colorPalette="brand"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                const res = await signInWithLink({ token });
                if (!res?.access_token) throw new Error(SIGN_IN_LINK_INVALID);
                const role = toStoredRole(res.role);
                start(res.access_token, role, destinationAfterLogin(role, null));
              } catch (err) {
                setError(errorText(err, SIGN_IN_LINK_INVALID));
                setBusy(false);
              }
            }}
          >
            Sign in
          </Button>
        )}
        <Text fontSize="sm" textAlign="center">
          <AppLink to={paths.login}>Back to sign in</AppLink>
        </Text>
      </Stack>
    </>
  );
}
