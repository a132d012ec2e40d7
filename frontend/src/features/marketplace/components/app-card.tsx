import {
  Badge,
  Box,
  Card,
  Heading,
  HStack,
  LinkBox,
  LinkOverlay,
  Skeleton,
  SkeletonText,
  Text,
} from '@chakra-ui/react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AppCardFooter, AppCardTop } from '@/components/ui/app-card-parts';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/use-current-user';
import { preloadAppDetail } from '../api/get-app-by-slug';
import type { MarketplaceApp } from '../types';
import { appKey } from '../utils/filter-apps';
import { formatPeriod, formatPrice } from '../utils/pricing';
import { InstallsStat, RatingStat } from './app-stats';
import { PracticeSystemBadges } from './practice-system-badges';

interface AppCardProps {
  app: MarketplaceApp;
  /** Featured cards sit in the highlighted strip at the top of the home page. */
  featured?: boolean;
}

/**
 * One app in a grid. The whole card is one link (LinkOverlay), so it opens with a click, with
 * Enter, or in a new tab. The signed-in developer's own app leads to the dashboard instead.
 */
export const AppCard = memo(function AppCard({ app, featured = false }: AppCardProps) {
  const { user } = useCurrentUser();
  const isOwner = Boolean(user?.id && app.user_id && user.id === app.user_id);
  const key = appKey(app);
  const href = isOwner ? paths.myApps : paths.app(key);
  const summary = app.short_description || app.description;
  const rating = Number(app.average_rating) || 0;
  const installs = Number(app.installations) || 0;
  const warm = isOwner ? undefined : () => preloadAppDetail(key);

  return (
    <LinkBox
      as="article"
      h="full"
      onPointerEnter={warm}
      onFocus={warm}
      onTouchStart={warm}
      data-testid="app-card"
      borderRadius="xl"
      transition="transform 0.15s ease, box-shadow 0.15s ease"
      _hover={{ transform: 'translateY(-2px)', shadow: 'lg' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
    >
      <Card.Root
        h="full"
        variant="outline"
        borderRadius="xl"
        borderColor={featured ? 'brand.200' : 'border'}
        bg="bg.panel"
        {...(featured && { bgGradient: 'to-b', gradientFrom: 'brand.50', gradientTo: 'bg.panel' })}
      >
        <Card.Body gap="3" p="5">
          <AppCardTop name={app.name} src={app.icon_url} type={app.type} iconSize={featured ? 56 : 48} />
          <Heading as="h3" size="md" lineClamp={1}>
            <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
              <RouterLink to={href}>{app.name}</RouterLink>
            </LinkOverlay>
          </Heading>
          {summary && (
            <Text color="fg.muted" fontSize="sm" lineClamp={featured ? 3 : 2}>
              {summary}
            </Text>
          )}
          <PracticeSystemBadges systems={app.practice_systems} max={3} />
          {(rating > 0 || installs > 0) && (
            <HStack gap="4" fontSize="sm" color="fg.muted" mt="auto">
              {rating > 0 && <RatingStat rating={rating} reviews={app.review_count ?? 0} />}
              {installs > 0 && <InstallsStat installs={installs} />}
            </HStack>
          )}
        </Card.Body>
        {isOwner ? (
          <AppCardFooter
            price={
              <Badge colorPalette="green" variant="solid" borderRadius="full">
                Your App
              </Badge>
            }
            cue="Manage →"
          />
        ) : (
          <AppCardFooter price={formatPrice(app)} period={formatPeriod(app)} cue="View Details →" />
        )}
      </Card.Root>
    </LinkBox>
  );
});

/** Same footprint as a card, so nothing jumps when the data arrives. */
export function AppCardSkeleton() {
  return (
    <Card.Root variant="outline" borderRadius="xl" h="full" aria-hidden>
      <Card.Body gap="3" p="5">
        <HStack justify="space-between">
          <Skeleton w="48px" h="48px" borderRadius="lg" />
          <Skeleton w="16" h="5" borderRadius="full" />
        </HStack>
        <Skeleton h="5" w="60%" />
        <SkeletonText noOfLines={2} gap="2" />
      </Card.Body>
      <Card.Footer px="5" py="3.5" borderTopWidth="1px" borderColor="border.muted">
        <Box w="full">
          <Skeleton h="4" w="30%" />
        </Box>
      </Card.Footer>
    </Card.Root>
  );
}
