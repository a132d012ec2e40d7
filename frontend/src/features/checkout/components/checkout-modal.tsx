import { Alert, Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { LuCircleCheck, LuLock } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { ConsentSummary } from '@/components/permissions/components/consent-summary';
import { AppDialog } from '@/components/ui/app-dialog';
import { AppLink } from '@/components/ui/links';
import { type RadioCardChoice, RadioCardGroup } from '@/components/ui/radio-card-group';
import { paths } from '@/config/paths';
import { ApiError, errorText } from '@/lib/api-client';
import { clearSession } from '@/lib/auth-storage';
import { firstErrorMessage } from '@/lib/form-errors';
import { useSession } from '@/lib/use-current-user';
import { useLazyZodForm } from '@/lib/use-lazy-zod-form';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { useCreateGuestCheckoutSession } from '../api/create-guest-checkout-session';
import { CHECKOUT_APP_KEY, checkoutReturnPath } from '../utils/checkout-return';

/** How long 'Session expired' stays readable before the login page opens. */
export const SESSION_EXPIRED_REDIRECT_MS = 1200;

export interface CheckoutApp {
  id: string;
  slug?: string | null;
  name: string;
  tagline?: string | null;
  description?: string | null;
}

interface CheckoutModalProps {
  app: CheckoutApp;
  /** The price as shown on the app page, with its period ('$49.00 / month', 'Free'). */
  priceLabel: string;
  open: boolean;
  onClose: () => void;
}

type Mode = 'login' | 'guest';

/**
 * The guest's address as the guest checkout API checks it (GuestCheckoutRequest: the spec's one
 * message). The schema and zod load with the guest choice, not with the modal (use-lazy-zod-form.ts):
 * a buyer who is signed in, and the app page, never download them.
 */
const loadGuestEmail = () =>
  import('@shared/schemas/checkout').then(({ GuestCheckoutRequest }) => GuestCheckoutRequest.pick({ email: true }));

/**
 * Said to every guest: the answer never tells whether the address has an
 * account; a guest licence is kept for the address and shows in the account once it is confirmed.
 */
export const GUEST_ACCOUNT_NOTE =
  'Already have an account with this address? Sign in instead. A guest license shows under My Purchased Licenses once you sign in with this address and confirm it.';

const MODES: RadioCardChoice<Mode>[] = [
  { value: 'login', title: 'Login to existing account', description: 'Your license appears in My Purchases.' },
  { value: 'guest', title: 'Continue as guest', description: 'Pay now with just your email address.' },
];

/** 'Complete Your Purchase': signed-in or guest checkout through the payment provider's hosted page. */
export function CheckoutModal({ app, priceLabel, open, onClose }: CheckoutModalProps) {
  const { token } = useSession();
  const navigate = useNavigate();
  const formId = useId();
  const [mode, setMode] = useState<Mode>('login');
  const guestForm = useLazyZodForm(loadGuestEmail, { defaultValues: { email: '' } });
  const email = guestForm.watch('email');
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const member = useCreateCheckoutSession();
  const guest = useCreateGuestCheckoutSession();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const slug = app.slug || app.id;
  const loginHref = `${paths.login}?return=${encodeURIComponent(checkoutReturnPath(paths.app(slug)))}`;
  const busy = member.isMutating || guest.isMutating || leaving;
  const asGuest = !token && mode === 'guest';
  const canProceed = !busy && (!asGuest || email.trim().length > 0);

  async function proceed(event?: FormEvent) {
    event?.preventDefault();
    if (!canProceed) return;
    setError(null);
    if (!token && !asGuest) {
      setError(MSG.pleaseLogin);
      return;
    }
    if (asGuest)
      return guestForm.handleSubmit(
        (values) => start(values.email),
        (errors) => setError(firstErrorMessage(errors) ?? MSG.invalidEmail),
      )();
    return start();
  }

  /** Opens a checkout session (as the guest `guestEmail`, else signed in) and goes to the payment page. */
  async function start(guestEmail?: string) {
    try {
      const session =
        guestEmail === undefined
          ? await member.trigger({ appId: app.id })
          : await guest.trigger({ appId: app.id, email: guestEmail });
      if (!session?.checkout_url) throw new Error('checkout session without a checkout_url');
      setLeaving(true);
      window.location.assign(session.checkout_url);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // The stored token is stale: drop it (the login page turns away signed-in users), remember
        // the app so the purchase can resume, and come back here with ?checkout=true after login.
        setError(MSG.sessionExpired);
        setLeaving(true);
        clearSession();
        sessionStorage.setItem(CHECKOUT_APP_KEY, JSON.stringify({ app_id: app.id, slug }));
        timer.current = setTimeout(() => navigate(loginHref), SESSION_EXPIRED_REDIRECT_MS);
        return;
      }
      setError(errorText(err, MSG.checkoutFailed));
    }
  }

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      busy={busy}
      title="Complete Your Purchase"
      size="md"
      contentProps={{ borderRadius: '2xl', mx: '4' }}
      titleProps={{ fontSize: 'xl' }}
      footerProps={{ flexDirection: 'column', alignItems: 'stretch', gap: '4' }}
      footer={
        <>
          <Stack direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="2">
            <Button variant="ghost" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            {!token && mode === 'login' && (
              <Button variant="outline" onClick={() => navigate(loginHref)} disabled={busy}>
                Login →
              </Button>
            )}
            <Button
              type="submit"
              form={formId}
              colorPalette="brand"
              disabled={!canProceed}
              loading={member.isMutating || guest.isMutating || (leaving && !error)}
              loadingText="Processing..."
            >
              Proceed to Payment
            </Button>
          </Stack>
          <HStack justify="center" gap="1.5" fontSize="xs" color="fg.muted">
            <LuLock aria-hidden />
            <Text>Secure checkout powered by Stripe</Text>
          </HStack>
        </>
      }
    >
      <form id={formId} onSubmit={proceed} noValidate>
        <Stack gap="5">
          <Box borderRadius="xl" bg="bg.subtle" p="4">
            <HStack justify="space-between" align="flex-start" gap="4">
              <Box minW="0">
                <Text fontWeight="semibold">{app.name}</Text>
                {(app.tagline || app.description) && (
                  <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                    {app.tagline || app.description}
                  </Text>
                )}
              </Box>
              <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap" data-testid="checkout-price">
                {priceLabel}
              </Text>
            </HStack>
          </Box>

          <ConsentSummary appId={app.id} />

          {token ? (
            <HStack gap="2" color="green.700" fontWeight="medium">
              <LuCircleCheck aria-hidden />
              <Text>{MSG.loggedInReady}</Text>
            </HStack>
          ) : (
            <>
              <RadioCardGroup
                label="How do you want to check out?"
                labelProps={{ srOnly: true }}
                value={mode}
                onChange={(next) => {
                  setMode(next);
                  setError(null);
                  if (next === 'guest') void loadGuestEmail().catch(() => undefined);
                }}
                choices={MODES}
                size="sm"
                colorPalette="brand"
              />
              {mode === 'login' && (
                <Text fontSize="sm" color="fg.muted">
                  New here? <AppLink to={`${paths.signup}?type=practice`}>Create a practice account</AppLink> and come
                  back to buy.
                </Text>
              )}
              {mode === 'guest' && (
                <Field.Root required>
                  <Field.Label>Email address</Field.Label>
                  <Input
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    placeholder="you@yourpractice.com"
                    disabled={busy}
                    {...guestForm.register('email')}
                  />
                  <Field.HelperText>{MSG.guestNote}</Field.HelperText>
                  <Field.HelperText>{GUEST_ACCOUNT_NOTE}</Field.HelperText>
                </Field.Root>
              )}
            </>
          )}

          {error && (
            <Alert.Root status="error" borderRadius="lg">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      </form>
    </AppDialog>
  );
}
