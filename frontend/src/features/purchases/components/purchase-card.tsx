import { Badge, Box, Button, Card, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import type { Purchase } from '@shared/schemas/checkout';
import type { BuyerInstall } from '@shared/schemas/installs';
import { useState } from 'react';
import { LuBookOpen, LuCalendar, LuDownload, LuExternalLink, LuRefreshCw } from 'react-icons/lu';
import { AppIcon } from '@/components/ui/app-icon';
import { ButtonLink } from '@/components/ui/links';
import { notifyError } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { formatDate } from '@/utils/format';
import { downloadInvoice } from '../api/download-invoice';
import { useRenewLicense } from '../api/renew-license';
import { expiryText, formatAmount, isExpired, purchaseBadge } from '../utils/purchase-state';
import { InstallAccess } from './install-access';
import { LicenceBlock } from './licence-block';

export const FAILED_INVOICE = 'Failed to download invoice';

const safeHttpUrl = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url) ? url : null);

/** One licence on My Purchased Licenses: the app, the order, the licence and what can be done with it. */
export function PurchaseCard({
  purchase,
  install,
  onInstallChanged = () => undefined,
}: {
  purchase: Purchase;
  /** The app's install (its access), when the buyer has one. */
  install?: BuyerInstall;
  onInstallChanged?: () => unknown;
}) {
  const renew = useRenewLicense();
  const [downloading, setDownloading] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const name = purchase.app?.name || 'App';
  const badge = purchaseBadge(purchase);
  const expired = isExpired(purchase.expires_at);
  const docs = safeHttpUrl(purchase.app?.documentation_url);

  async function onInvoice() {
    setDownloading(true);
    try {
      await downloadInvoice(purchase.id);
    } catch (err) {
      notifyError(errorText(err, FAILED_INVOICE));
    } finally {
      setDownloading(false);
    }
  }

  async function onRenew() {
    try {
      const session = await renew.trigger(purchase.app.id);
      if (!session?.checkout_url) throw new Error('checkout session without a checkout_url');
      setLeaving(true);
      window.location.assign(session.checkout_url);
    } catch (err) {
      notifyError(errorText(err, MSG.checkoutFailed));
    }
  }

  return (
    <Card.Root
      as="article"
      id={`purchase-${purchase.id}`}
      variant="outline"
      borderRadius="xl"
      bg="white"
      data-testid={`purchase-${purchase.id}`}
    >
      <Card.Body p={{ base: '4', md: '6' }} gap="4">
        <Flex gap="4" align="flex-start">
          <AppIcon name={name} src={purchase.app?.icon_url} size={56} />
          <Box flex="1" minW="0">
            <Flex gap="2" justify="space-between" align="flex-start" wrap="wrap">
              <Heading as="h2" size="md" color="gray.900">
                {name}
              </Heading>
              <Badge colorPalette={badge.palette} variant="solid" borderRadius="full" px="2.5">
                {badge.label}
              </Badge>
            </Flex>
            <Stack
              direction={{ base: 'column', sm: 'row' }}
              gap={{ base: '0.5', sm: '4' }}
              mt="1"
              fontSize="sm"
              color="fg.muted"
            >
              <Text>Purchased {formatDate(purchase.created_at)}</Text>
              <Text fontWeight="medium" color="gray.800" fontVariantNumeric="tabular-nums">
                {formatAmount(purchase.amount, purchase.currency)}
              </Text>
              <HStack gap="1" color={expired ? 'red.600' : undefined}>
                <LuCalendar aria-hidden />
                <Text>{expiryText(purchase.expires_at)}</Text>
              </HStack>
            </Stack>
          </Box>
        </Flex>

        <LicenceBlock purchase={purchase} appName={name} />
        {install && <InstallAccess install={install} appName={name} onChanged={onInstallChanged} />}

        <HStack gap="2" flexWrap="wrap" borderTopWidth="1px" borderColor="border.muted" pt="4">
          {(purchase.app?.slug || purchase.app?.id) && (
            <ButtonLink to={paths.app(purchase.app.slug || purchase.app.id)} size="sm" variant="outline">
              <LuExternalLink /> View App Details
            </ButtonLink>
          )}
          <Button size="sm" variant="outline" onClick={onInvoice} loading={downloading}>
            <LuDownload /> Download Invoice
          </Button>
          {docs && (
            <Button asChild size="sm" variant="ghost">
              <Link href={docs} target="_blank" rel="noopener noreferrer">
                <LuBookOpen /> Documentation
              </Link>
            </Button>
          )}
          {expired && purchase.status !== 'refunded' && (
            <Button
              size="sm"
              colorPalette="brand"
              ms={{ sm: 'auto' }}
              onClick={onRenew}
              loading={renew.isMutating || leaving}
              loadingText="Processing..."
            >
              <LuRefreshCw /> Renew License
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
