import { Box, Button, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '@/lib/api-client';
import { usePublicConfig } from '../api/get-public-config';
import type { SessionResponse } from '../api/sign-in';
import { useSignInGoogle } from '../api/sign-in-google';
import { loadGoogleIdentity } from '../lib/google-identity';

function GoogleGlyph() {
  return (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/**
 * Third-party sign-in. Disabled with a note when the deployment has no Google client id;
 * otherwise Google's own button (rendered by its script) returns a credential that is exchanged
 * at POST /api/google-login.
 */
export function GoogleSignIn({
  onSession,
  onError,
}: {
  onSession: (res: SessionResponse) => void;
  onError: (message: string) => void;
}) {
  const { data: config, isLoading } = usePublicConfig();
  const clientId = config?.google_client_id ?? null;
  const { trigger, isMutating } = useSignInGoogle();
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'idle' | 'ready' | 'unavailable'>('idle');

  // The Google callback is registered once; it calls the latest handlers through this ref.
  const handlers = useRef({ onSession, onError, trigger });
  handlers.current = { onSession, onError, trigger };

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: async ({ credential }) => {
            const h = handlers.current;
            if (!credential) return h.onError(MSG.googleLoginFailed);
            try {
              h.onSession(await h.trigger(credential));
            } catch (err) {
              h.onError(errorText(err, MSG.googleLoginFailed));
            }
          },
        });
        google.accounts.id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          width: Math.min(container.current.clientWidth || 360, 400),
        });
        setStatus('ready');
      })
      .catch(() => !cancelled && setStatus('unavailable'));
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  const notConfigured = !isLoading && !clientId;
  return (
    <Box w="full">
      <Box ref={container} w="full" display={status === 'ready' ? 'flex' : 'none'} justifyContent="center" />
      {status !== 'ready' && (
        <Button
          variant="outline"
          w="full"
          disabled={notConfigured || status === 'unavailable'}
          loading={isLoading || (Boolean(clientId) && status === 'idle') || isMutating}
          loadingText="Continue with Google"
        >
          <GoogleGlyph /> Continue with Google
        </Button>
      )}
      {notConfigured && (
        <Text fontSize="xs" color="gray.500" mt="1.5" textAlign="center">
          Google sign-in is not configured
        </Text>
      )}
      {status === 'unavailable' && (
        <Text fontSize="xs" color="gray.500" mt="1.5" textAlign="center">
          Google sign-in is unavailable right now. Please use your email and password.
        </Text>
      )}
    </Box>
  );
}
