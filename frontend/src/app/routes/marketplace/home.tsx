import { Box, Button, Container, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import * as MSG from '@shared/messages/screens';
import { useRef } from 'react';
import { LuLayoutGrid, LuSearchX, LuSparkles } from 'react-icons/lu';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useCategories } from '@/api/get-categories';
import { getMarketplacePage, listFilters, marketplaceAppsKey, useMarketplaceApps } from '@/api/get-marketplace-apps';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { SearchInput } from '@/components/ui/search-input';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useEarlyEntry } from '@/components/ui/use-early-entry';
import { paths } from '@/config/paths';
import { AppGrid } from '@/features/marketplace/components/app-grid';
import { DeveloperCta } from '@/features/marketplace/components/developer-cta';
import { PracticeSystemSelect } from '@/features/marketplace/components/practice-system-select';
import { useUrlParam } from '@/features/marketplace/hooks/use-url-param';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePagedList } from '@/lib/use-paged-list';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 250;

/**
 * Marketplace home (/): search, category and practice-system filters, Featured Apps (the first 3
 * results) and All Applications, a page at a time ("Load more"). The server answers every search
 * and filter (GET /api/marketplace/apps with limit and cursor); the storefront renders the first
 * page for the address's filters (functions/storefront/pages.ts), under the key this screen reads.
 */
export default function MarketplaceHome() {
  const [query, setQuery] = useUrlParam('q');
  const [categorySlug, setCategorySlug] = useUrlParam('category');
  // ?works_with=open_dental: the practice-system filter, shareable as a link (the API's parameter too).
  const [system, setSystem] = useUrlParam('works_with');
  const [, setParams] = useSearchParams();
  const searched = useDebouncedValue(query, SEARCH_DELAY_MS);
  useDocumentTitle('Marketplace');

  const { data: categories, isLoading: categoriesFetching } = useCategories();
  const categorySlugs = new Set((categories ?? []).map((c) => c.slug));
  const selected = categorySlug ? categories?.find((c) => c.slug === categorySlug) : undefined;
  const filters = listFilters({ q: searched, category: categorySlug, works_with: system }, categorySlugs);
  const key = marketplaceAppsKey(filters);
  // SWR reports isLoading while it revalidates server-rendered (fallback) data too: that data shows.
  const { data: page, isLoading: appsFetching } = useMarketplaceApps(filters);
  const listRef = useRef<HTMLDivElement>(null);
  const list = usePagedList(key, page, (cursor) => getMarketplacePage(marketplaceAppsKey(filters, cursor)), listRef);
  const categoryField = useEarlyEntry<HTMLSelectElement>(selected ? categorySlug : '', setCategorySlug);

  const apps = list.items;
  const total = page?.total ?? 0;
  const featured = apps.slice(0, LIMITS.featuredApps);
  const loading = (appsFetching && !page) || (Boolean(categorySlug) && categoriesFetching && !categories);
  const filtering = Boolean(query.trim() || selected || system);

  return (
    <Box>
      <Box
        as="section"
        aria-labelledby="marketplace-title"
        bgGradient="to-br"
        gradientFrom="brand.900"
        gradientVia="brand.700"
        gradientTo="brand.500"
        color="white"
        py={{ base: '12', md: '16' }}
      >
        <Container maxW="7xl">
          <Stack gap="5" maxW="3xl">
            <HStack gap="2" color="whiteAlpha.900" fontSize="sm" fontWeight="medium">
              <LuSparkles aria-hidden />
              <Text>The app marketplace for dental practices</Text>
            </HStack>
            <Heading as="h1" id="marketplace-title" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
              Software your practice can trust
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900">
              Scheduling, imaging, billing, patient communication and more, from vetted developers. Licensed in minutes.
            </Text>
          </Stack>
          <Stack
            role="search"
            direction={{ base: 'column', md: 'row' }}
            gap="3"
            mt="8"
            p="3"
            bg="bg.panel"
            color="fg"
            borderRadius="xl"
            shadow="lg"
            maxW="4xl"
          >
            <SearchInput
              label="Search apps"
              placeholder="Search apps by name or description..."
              value={query}
              onValueChange={setQuery}
              size="lg"
            />
            <NativeSelect.Root size="lg" w={{ base: 'full', md: '64' }}>
              <NativeSelect.Field
                ref={categoryField}
                aria-label="Category"
                value={selected ? categorySlug : ''}
                onChange={(e) => setCategorySlug(e.target.value)}
              >
                <option value="">All Categories</option>
                {(categories ?? []).map((c) => (
                  <option key={c.id} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <PracticeSystemSelect value={system} onChange={setSystem} />
          </Stack>
          <Button
            asChild
            mt="5"
            variant="outline"
            color="white"
            borderColor="whiteAlpha.600"
            _hover={{ bg: 'whiteAlpha.200' }}
          >
            <RouterLink to={paths.categories}>
              <LuLayoutGrid aria-hidden /> Browse by Category
            </RouterLink>
          </Button>
        </Container>
      </Box>

      <Container maxW="7xl" py={{ base: '8', md: '12' }}>
        <Stack gap={{ base: '10', md: '14' }}>
          {!loading && apps.length === 0 ? (
            <EmptyState
              icon={<LuSearchX />}
              title={MSG.noAppsMatching}
              description={filtering ? 'Try another search term, category or practice system.' : undefined}
              action={
                filtering && (
                  <Button variant="outline" onClick={() => setParams({}, { replace: true, preventScrollReset: true })}>
                    Clear filters
                  </Button>
                )
              }
            />
          ) : (
            <>
              <Box as="section" aria-labelledby="featured-title">
                <Heading as="h2" id="featured-title" size="xl" mb="5">
                  Featured Apps
                </Heading>
                <AppGrid
                  apps={featured}
                  loading={loading}
                  featured
                  skeletons={LIMITS.featuredApps}
                  columns={{ base: 1, md: 3 }}
                  label="Featured Apps"
                />
              </Box>
              <Box as="section" aria-labelledby="all-apps-title">
                <HStack justify="space-between" align="baseline" mb="5" wrap="wrap" gap="2">
                  <Heading as="h2" id="all-apps-title" size="xl">
                    All Applications
                  </Heading>
                  {!loading && (
                    <Text color="fg.muted" fontSize="sm" aria-live="polite">
                      {total} {total === 1 ? 'app' : 'apps'}
                    </Text>
                  )}
                </HStack>
                <AppGrid apps={apps} loading={loading} label="All Applications" listRef={listRef} />
                <LoadMore shown={apps.length} total={total} list={list} />
              </Box>
            </>
          )}
          <DeveloperCta />
        </Stack>
      </Container>
    </Box>
  );
}
