import {
  Badge,
  Box,
  Card,
  Heading,
  HStack,
  Input,
  InputGroup,
  LinkBox,
  LinkOverlay,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { isFreePricing } from '@shared/constants';
import { MSG } from '@shared/messages';
import { useMemo, useRef, useState } from 'react';
import { LuSearch, LuStore } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { getMarketplacePage, marketplaceAppsKey, useMarketplaceApps } from '@/api/get-marketplace-apps';
import { useMyApps } from '@/api/get-my-apps';
import { AppIcon } from '@/components/ui/app-icon';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePagedList } from '@/lib/use-paged-list';
import { formatMoney } from '@/utils/format';

/**
 * /dashboard/marketplace: the public marketplace as it is today, a page at a time (the server
 * searches), the developer's own listings first among the apps shown.
 */
export function DeveloperMarketplace() {
  const mine = useMyApps();
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query, 250).trim();
  const filters = q ? { q } : {};
  const listed = useMarketplaceApps(filters);
  const listRef = useRef<HTMLDivElement>(null);
  const list = usePagedList(
    marketplaceAppsKey(filters),
    listed.data,
    (cursor) => getMarketplacePage(marketplaceAppsKey(filters, cursor)),
    listRef,
  );

  const ownIds = useMemo(() => new Set((mine.data ?? []).map((a) => a.id)), [mine.data]);
  const pending = (mine.data ?? []).filter((a) => a.type === 'public' && !a.is_approved).length;
  const apps = [...list.items.filter((a) => ownIds.has(a.id)), ...list.items.filter((a) => !ownIds.has(a.id))];
  // Live: the developer's approved public apps that are not suspended (what the marketplace lists).
  const liveCount = (mine.data ?? []).filter((a) => a.type === 'public' && a.is_approved && !a.is_suspended).length;

  return (
    <>
      <PageHeader
        title="Marketplace"
        description="How your public apps appear to dental practices, next to everyone else's."
        links={[{ to: paths.home, icon: LuStore, label: 'Open the public marketplace', look: 'outline' }]}
      />
      <Stack gap="5">
        <HStack gap="3" flexWrap="wrap">
          <Badge colorPalette="green" size="lg" variant="subtle">
            {liveCount} of your apps live
          </Badge>
          {pending > 0 && (
            <Badge colorPalette="orange" size="lg" variant="subtle">
              {pending} pending review
            </Badge>
          )}
          <InputGroup startElement={<LuSearch aria-hidden />} maxW="sm" ms={{ md: 'auto' }}>
            <Input
              type="search"
              aria-label="Search the marketplace"
              placeholder="Search apps..."
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              bg="bg.panel"
            />
          </InputGroup>
        </HStack>

        {listed.isLoading && !listed.data ? (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h="32" borderRadius="xl" />
            ))}
          </SimpleGrid>
        ) : apps.length === 0 ? (
          <EmptyState icon={<LuStore />} title={MSG.noAppsMatching} />
        ) : (
          <>
            <SimpleGrid ref={listRef} columns={{ base: 1, md: 2, xl: 3 }} gap="4" as="ul" listStyleType="none">
              {apps.map((app) => {
                const own = ownIds.has(app.id);
                return (
                  <LinkBox as="li" key={app.id} data-testid={own ? 'own-listing' : 'listing'}>
                    <Card.Root
                      h="full"
                      variant="outline"
                      borderRadius="xl"
                      borderColor={own ? 'brand.300' : 'border'}
                      borderWidth={own ? '2px' : '1px'}
                      bg={own ? 'brand.subtle' : 'bg.panel'}
                      _hover={{ shadow: 'md' }}
                    >
                      <Card.Body p="4" gap="2">
                        <HStack gap="3" align="flex-start">
                          <AppIcon name={app.name} src={app.icon_url} size={44} />
                          <Box minW="0" flex="1">
                            <Heading as="h3" size="sm" lineClamp={1}>
                              <LinkOverlay asChild>
                                <RouterLink to={paths.app(app.slug || app.id)}>{app.name}</RouterLink>
                              </LinkOverlay>
                            </Heading>
                            <Text fontSize="xs" color="fg.muted">
                              {app.category ?? 'Uncategorised'}
                            </Text>
                          </Box>
                          {own && (
                            <Badge colorPalette="green" variant="solid" borderRadius="full">
                              Your App
                            </Badge>
                          )}
                        </HStack>
                        <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                          {app.short_description || app.description}
                        </Text>
                        <Text fontSize="sm" fontWeight="semibold" mt="auto">
                          {isFreePricing(app) ? 'Free' : formatMoney(app.price)}
                        </Text>
                      </Card.Body>
                    </Card.Root>
                  </LinkBox>
                );
              })}
            </SimpleGrid>
            <LoadMore shown={list.items.length} total={listed.data?.total ?? list.items.length} list={list} />
          </>
        )}
      </Stack>
    </>
  );
}
