import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LuBadgeCheck, LuClock } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { OwnedLicence } from '@/features/marketplace/hooks/use-owned-licence';
import type { MarketplaceApp } from '@/features/marketplace/types';
import { formatPeriod, formatPrice, isFree } from '@/features/marketplace/utils/pricing';

interface LicensePricingCardProps {
  app: MarketplaceApp;
  isOwner: boolean;
  /** The signed-in buyer's licence of this app (held now, or expired and renewable). */
  owned?: OwnedLicence | null;
  onPurchase: () => void;
  /** Called when the pointer or focus reaches the button: the checkout code starts loading. */
  onIntent?: () => void;
}

/** The 'License Pricing' box: price, free-trial line and the one call to action. */
export function LicensePricingCard({ app, isOwner, owned, onPurchase, onIntent }: LicensePricingCardProps) {
  const period = formatPeriod(app);
  // Checkout gives a trial to subscriptions only: another model's stored trial is not promised.
  const trialDays = app.pricing_model === 'subscription' ? Number(app.free_trial_days) || 0 : 0;
  return (
    <Card.Root variant="outline" borderRadius="xl" shadow="sm">
      <Card.Body gap="4" p="6">
        <Text fontSize="xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="fg.muted">
          License Pricing
        </Text>
        <Stack gap="1">
          <Text fontSize="3xl" fontWeight="bold" lineHeight="1" data-testid="license-price">
            {formatPrice(app)}
            {period && (
              <Text as="span" fontSize="md" fontWeight="medium" color="fg.muted">
                {` / ${period}`}
              </Text>
            )}
          </Text>
          {trialDays > 0 && (
            <HStack gap="1.5" color="green.700" fontSize="sm" fontWeight="medium">
              <LuClock aria-hidden />
              <Text>{`${trialDays}-day free trial available`}</Text>
            </HStack>
          )}
        </Stack>
        {isOwner ? (
          <Stack gap="3">
            <Badge colorPalette="green" size="lg" variant="subtle" justifyContent="center" py="2" borderRadius="lg">
              <LuBadgeCheck aria-hidden /> This is your app
            </Badge>
            <Button asChild variant="outline" w="full">
              <RouterLink to={paths.myApps}>Manage in dashboard</RouterLink>
            </Button>
          </Stack>
        ) : owned ? (
          <Stack gap="3">
            <Badge
              colorPalette={owned.expired ? 'orange' : 'green'}
              size="lg"
              variant="subtle"
              justifyContent="center"
              py="2"
              borderRadius="lg"
            >
              <LuBadgeCheck aria-hidden /> {owned.expired ? 'Your license has expired' : 'You own a license'}
            </Badge>
            <Button asChild colorPalette="brand" variant={owned.expired ? 'solid' : 'outline'} w="full">
              <RouterLink to={`${paths.myPurchases}#purchase-${owned.purchase.id}`}>
                {owned.expired ? 'Renew License' : 'View your license'}
              </RouterLink>
            </Button>
          </Stack>
        ) : (
          <Button
            size="lg"
            w="full"
            colorPalette="brand"
            onClick={onPurchase}
            onPointerEnter={onIntent}
            onFocus={onIntent}
            onTouchStart={onIntent}
          >
            {isFree(app) ? 'Get License' : 'Purchase License'}
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}
