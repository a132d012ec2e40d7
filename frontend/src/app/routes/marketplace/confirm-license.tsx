import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMailCheck } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { FormMessage } from '@/components/ui/form-message';
import { ButtonLink } from '@/components/ui/links';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { paths } from '@/config/paths';
import { confirmGuestLicense } from '@/features/checkout/api/create-guest-checkout-session';
import { errorText } from '@/lib/api-client';

export const CONFIRM_LICENSE_TITLE = 'Confirm your email address';
export const CONFIRM_LICENSE_INVALID = 'This confirmation link is invalid or has expired.';

/**
 * /marketplace/confirm-license?token=...: the link mailed after a guest asked for a free licence.
 * The licence is granted by the button (a POST), not by opening the page, so mail scanners that
 * open links grant nothing.
 */
export default function ConfirmLicenseRoute() {
  useDocumentTitle(CONFIRM_LICENSE_TITLE);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : CONFIRM_LICENSE_INVALID);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const session = await confirmGuestLicense(token);
      window.location.assign(session.checkout_url);
    } catch (err) {
      setError(errorText(err, CONFIRM_LICENSE_INVALID));
      setBusy(false);
    }
  };

  return (
    <Container maxW="xl" py={{ base: '10', md: '16' }}>
      <Stack gap="5" align="center" textAlign="center">
        <LuMailCheck size="40" aria-hidden />
        <Heading as="h1" size="2xl">
          {CONFIRM_LICENSE_TITLE}
        </Heading>
        <Text color="gray.600">
          A free license was requested for this email address. Confirm that the address is yours to receive it.
        </Text>
        <Stack aria-live="polite" w="full">
          {error && <FormMessage status="error">{error}</FormMessage>}
        </Stack>
        {token ? (
          <Button colorPalette="brand" onClick={confirm} loading={busy} disabled={busy}>
            Confirm and get my license
          </Button>
        ) : (
          <ButtonLink to={paths.home} colorPalette="brand">
            Back to Marketplace
          </ButtonLink>
        )}
      </Stack>
    </Container>
  );
}
