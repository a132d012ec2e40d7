import { Alert, Box, Card, Center, DataList, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import type { PurchaseSessionResult } from '@shared/schemas/checkout';
import type { ReactNode } from 'react';
import {
  LuArrowLeft,
  LuBookOpen,
  LuCircleCheck,
  LuCircleX,
  LuExternalLink,
  LuKeyRound,
  LuLifeBuoy,
  LuMail,
  LuShoppingBag,
} from 'react-icons/lu';
import { AppIcon } from '@/components/ui/app-icon';
import { IconPoint } from '@/components/ui/icon-point';
import { AppLink, ButtonLink } from '@/components/ui/links';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { paths } from '@/config/paths';
import { formatDate } from '@/utils/format';
import { usePurchaseResult } from '../hooks/use-purchase-result';
import { formatAmount } from '../utils/purchase-state';

/** Shown to every guest (new_account=true), whether or not the address has an account. */
export const WELCOME_TITLE = 'Your license is kept for your email address.';
export const WELCOME_TEXT =
  'To see it under My Purchased Licenses, sign up or sign in with that address and confirm the address when asked.';
/** The guest's way to an account: the licence mail's claim link, or signing up as a practice. */
export const CLAIM_HINT = 'Your license email has a "Create your practice account" link for that address.';
export const CONFIRM_SENT_TITLE = 'Check your email to confirm your address';
export const CONFIRM_SENT_TEXT =
  'We sent a confirmation link to the address you entered. Follow it to receive your free license.';
export const PURCHASE_COMPLETE = 'Thank you for your purchase!';
export const PAYMENT_SUCCESSFUL = 'Payment successful!';
export const CHECK_EMAIL_TEXT =
  "We're finishing your order. Check your email for your license details; they will also appear in My Purchases.";

/**
 * What the licence e-mail will bring, by licence status (the texts of docs/spec.md section 4). No
 * status yet: an automatically delivered licence still being prepared (a manual one reads
 * manual_pending from the start).
 */
function licenceNote(status: PurchaseSessionResult['license_status']): { title: string; text: string } {
  if (status === 'manual_pending') return { title: 'Check your email', text: MSG.accessPendingText };
  if (status === 'out_of_stock') return { title: 'Check your email', text: MSG.licenseUnavailableText };
  if (status === null) return { title: MSG.licenseBeingPrepared, text: MSG.licenseBeingPreparedText };
  return {
    title: 'Check your email',
    text: 'Your license e-mail arrives within a few minutes with your key and how to get started.',
  };
}

function Hero({ tone, icon, title, text }: { tone: string; icon: ReactNode; title: string; text: ReactNode }) {
  return (
    <Stack align="center" textAlign="center" gap="3">
      <Center boxSize="16" borderRadius="full" bg={`${tone}.100`} color={`${tone}.600`} fontSize="3xl" aria-hidden>
        {icon}
      </Center>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="gray.900" letterSpacing="tight">
        {title}
      </Heading>
      <Text color="gray.600" maxW="xl">
        {text}
      </Text>
    </Stack>
  );
}

function HelpLinks({ slug }: { slug?: string | null }) {
  return (
    <Flex gap="3" wrap="wrap" justify="center" role="group" aria-label="Where to next">
      <ButtonLink to={paths.myPurchases} colorPalette="brand">
        <LuShoppingBag /> View All Purchases
      </ButtonLink>
      {slug && (
        <ButtonLink to={paths.app(slug)} variant="outline">
          <LuExternalLink /> View App Details
        </ButtonLink>
      )}
      <ButtonLink to={paths.docs} variant="ghost">
        <LuBookOpen /> Documentation
      </ButtonLink>
      <ButtonLink to={paths.support} variant="ghost">
        <LuLifeBuoy /> Contact Support
      </ButtonLink>
    </Flex>
  );
}

function OrderConfirmed({ purchase }: { purchase: PurchaseSessionResult }) {
  const name = purchase.app?.name || 'your app';
  const note = licenceNote(purchase.license_status);
  return (
    <Stack gap="8">
      <Hero
        tone="green"
        icon={<LuCircleCheck />}
        title={PURCHASE_COMPLETE}
        text={<>Congratulations: your license for {name} is confirmed.</>}
      />
      <Card.Root variant="outline" borderRadius="xl" bg="white" as="section" aria-label="Order details">
        <Card.Body p={{ base: '5', md: '6' }} gap="4">
          <Heading as="h2" size="md">
            Order details
          </Heading>
          <HStack gap="4">
            <AppIcon name={name} src={purchase.app?.icon_url} size={56} loading="eager" />
            <Box flex="1" minW="0">
              <Text fontWeight="semibold" fontSize="lg" color="gray.900" data-testid="order-app">
                {name}
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {formatDate(purchase.created_at)}
              </Text>
            </Box>
            <Text fontWeight="bold" fontSize="lg" fontVariantNumeric="tabular-nums" data-testid="order-amount">
              {formatAmount(purchase.amount, purchase.currency)}
            </Text>
          </HStack>
          <DataList.Root orientation="horizontal" size="sm" borderTopWidth="1px" borderColor="border.muted" pt="4">
            <DataList.Item>
              <DataList.ItemLabel>Order</DataList.ItemLabel>
              <DataList.ItemValue fontFamily="mono" fontSize="xs">
                {purchase.id}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Total</DataList.ItemLabel>
              <DataList.ItemValue>{formatAmount(purchase.amount, purchase.currency)}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline" borderRadius="xl" bg="white" as="section" aria-label="Next steps">
        <Card.Body p={{ base: '5', md: '6' }} gap="4">
          <Heading as="h2" size="md">
            Next steps
          </Heading>
          <Stack as="ol" gap="4" listStyleType="none">
            <IconPoint as="li" round icon={<LuMail />} title={note.title}>
              {note.text}
            </IconPoint>
            <IconPoint as="li" round icon={<LuKeyRound />} title="Keep your key at hand">
              My Purchases lists every license you own, with its key, expiry and invoice.
            </IconPoint>
            <IconPoint as="li" round icon={<LuBookOpen />} title="Get set up">
              The documentation explains how to connect the app to your practice software.
            </IconPoint>
          </Stack>
        </Card.Body>
      </Card.Root>
      <HelpLinks slug={purchase.app?.slug} />
    </Stack>
  );
}

/** The post-payment page: confirms the order, or says the details follow by e-mail. */
export function PurchaseSuccess({
  sessionId,
  newAccount,
  confirmSent = false,
}: {
  sessionId: string | null;
  newAccount: boolean;
  confirmSent?: boolean;
}) {
  const result = usePurchaseResult(confirmSent ? null : sessionId);
  useDocumentTitle(confirmSent ? 'Confirm your email' : result.phase === 'invalid' ? 'Purchase' : 'Purchase complete');

  if (confirmSent)
    return (
      <Stack gap="8">
        <Hero tone="green" icon={<LuMail />} title={CONFIRM_SENT_TITLE} text={CONFIRM_SENT_TEXT} />
        <HelpLinks />
      </Stack>
    );

  if (result.phase === 'invalid')
    return (
      <Stack gap="6" align="center" textAlign="center" py="8">
        <Hero
          tone="red"
          icon={<LuCircleX />}
          title={MSG.invalidPurchaseSession}
          text="This page is opened by the payment page after checkout. If you have paid, your license is on its way by email."
        />
        <HStack gap="3" wrap="wrap" justify="center">
          <ButtonLink to={paths.home} colorPalette="brand">
            <LuArrowLeft /> Back to Marketplace
          </ButtonLink>
          <ButtonLink to={paths.support} variant="ghost">
            <LuLifeBuoy /> Contact Support
          </ButtonLink>
        </HStack>
      </Stack>
    );

  return (
    <Stack gap="8">
      {newAccount && (
        <Alert.Root status="info" borderRadius="xl" data-testid="welcome-banner">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{WELCOME_TITLE}</Alert.Title>
            <Alert.Description>
              {WELCOME_TEXT} {CLAIM_HINT}{' '}
              <AppLink to={`${paths.signup}?type=practice`}>Create a practice account</AppLink>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {result.phase === 'loading' && <PageSpinner label={MSG.processingPurchase} />}
      {result.phase === 'found' && <OrderConfirmed purchase={result.purchase} />}
      {result.phase === 'unconfirmed' && (
        <Stack gap="8">
          <Hero tone="green" icon={<LuCircleCheck />} title={PAYMENT_SUCCESSFUL} text={CHECK_EMAIL_TEXT} />
          <HelpLinks />
        </Stack>
      )}
    </Stack>
  );
}
