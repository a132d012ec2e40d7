import { Box, Breadcrumb, Button, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { breadcrumbSlotRecipe } from '@chakra-ui/react/theme';
import { CATEGORY_DEFAULTS, type SortOption } from '@shared/constants';
import * as MSG from '@shared/messages/screens';
import { useEffect, useRef } from 'react';
import { LuArrowLeft, LuFolderX, LuSearchX } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { listFilters } from '@/api/get-marketplace-apps';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { SearchInput } from '@/components/ui/search-input';
import { addSlotRecipes } from '@/components/ui/system';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useEarlyEntry } from '@/components/ui/use-early-entry';
import { paths } from '@/config/paths';
import { categoryAppsKey, getCategoryApps, useCategoryApps } from '@/features/marketplace/api/get-category-apps';
import { AppGrid } from '@/features/marketplace/components/app-grid';
import { CategoryIcon } from '@/features/marketplace/components/category-icon';
import { PracticeSystemSelect } from '@/features/marketplace/components/practice-system-select';
import { useUrlParam } from '@/features/marketplace/hooks/use-url-param';
import { isSortOption } from '@/features/marketplace/utils/filter-apps';
import { ApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePagedList } from '@/lib/use-paged-list';

// Beyond the design system's own recipes (system.ts): added when this module loads.
addSlotRecipes({ breadcrumb: breadcrumbSlotRecipe });

const SORT_LABELS: Record<SortOption, string> = {
  name: 'Sort by Name',
  price_low: 'Price: Low to High',
  price_high: 'Price: High to Low',
  rating: 'Highest Rated',
};
const SORT_CHOICES = Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }));

const COLUMNS = { base: 1, md: 2, lg: 3 };

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 250;

/**
 * /marketplace/category/{slug}: one category's apps with search, the practice-system filter
 * (?works_with=), sort and a count line, a page at a time ("Load more"). The server answers every
 * search, filter and sort; the storefront renders the first page for the address's parameters.
 * 'Showing X of Y apps in {category}': X the cards shown, Y the category's total (its counter).
 */
export default function MarketplaceCategory() {
  const { slug } = useParams<{ slug: string }>();
  const navigate = useNavigate();
  const [query, setQuery] = useUrlParam('q');
  const [sortParam, setSort] = useUrlParam('sort');
  const [system, setSystem] = useUrlParam('works_with');
  const sort: SortOption = isSortOption(sortParam) ? sortParam : 'name';
  const sortField = useEarlyEntry<HTMLSelectElement>(sort, setSort);
  const searched = useDebouncedValue(query, SEARCH_DELAY_MS);
  const filters = listFilters({ q: searched, works_with: system, sort });
  const { data: answer, error, isLoading: fetching } = useCategoryApps(slug, filters);
  // The last answer stays while a new search loads; another category's never shows under this one.
  const data = answer?.category && answer.category.slug !== slug ? undefined : answer;
  // SWR reports isLoading while it revalidates server-rendered (fallback) data too: that data shows.
  const isLoading = (fetching || Boolean(answer)) && !data;
  const listRef = useRef<HTMLDivElement>(null);
  const key = slug ? categoryAppsKey(slug, filters) : '';
  const list = usePagedList(
    key,
    data ? { items: data.apps, next_cursor: data.next_cursor } : undefined,
    async (cursor) => {
      const next = await getCategoryApps(categoryAppsKey(slug ?? '', filters, cursor));
      return { items: next.apps, next_cursor: next.next_cursor };
    },
    listRef,
  );

  const serverSaysMissing = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (serverSaysMissing) navigate(paths.categories, { replace: true, state: { notice: MSG.categoryNotFound } });
  }, [serverSaysMissing, navigate]);

  const visible = list.items;
  const category = data?.category;
  const color = category?.color || CATEGORY_DEFAULTS.color;
  useDocumentTitle(category?.name);

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Breadcrumb.Root mb="6" size="sm">
        <Breadcrumb.List>
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to={paths.home}>Marketplace</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          <Breadcrumb.Separator />
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to={paths.categories}>Categories</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          {category && (
            <>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink>{category.name}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </>
          )}
        </Breadcrumb.List>
      </Breadcrumb.Root>

      {isLoading || serverSaysMissing ? (
        <Stack gap="6" aria-busy="true">
          <Skeleton h="10" w="40%" />
          <Skeleton h="5" w="60%" />
          <AppGrid apps={[]} loading columns={COLUMNS} skeletons={6} />
        </Stack>
      ) : !category ? (
        <EmptyState title={MSG.categoryNotFound} icon={<LuFolderX />} />
      ) : (
        <>
          <HStack gap="4" align="flex-start" mb="8">
            <Box
              p="3.5"
              borderRadius="xl"
              flexShrink={0}
              style={{ background: `color-mix(in srgb, ${color} 14%, transparent)`, color }}
              aria-hidden
            >
              <CategoryIcon name={category.icon} size={30} />
            </Box>
            <Stack gap="1">
              <Heading as="h1" size="3xl">
                {category.name}
              </Heading>
              {category.description && (
                <Text color="fg.muted" fontSize="lg">
                  {category.description}
                </Text>
              )}
            </Stack>
          </HStack>

          <Stack direction={{ base: 'column', md: 'row' }} gap="3" mb="3" role="search">
            <SearchInput
              label={`Search ${category.name} apps`}
              placeholder={`Search ${category.name} apps...`}
              value={query}
              onValueChange={setQuery}
            />
            <PracticeSystemSelect value={system} onChange={setSystem} size="md" />
            <NativeSelectField
              root={{ w: { base: 'full', md: '56' } }}
              ref={sortField}
              aria-label="Sort apps"
              value={sort}
              onChange={(e) => setSort(e.target.value)}
              options={SORT_CHOICES}
            />
          </Stack>
          <Text color="fg.muted" fontSize="sm" mb="6" aria-live="polite">
            {`Showing ${visible.length} of ${category.app_count} apps in ${category.name}`}
          </Text>

          {/* The cards' names are h3s: a heading for the list keeps the outline in order for screen readers. */}
          <Heading as="h2" srOnly>
            {`${category.name} apps`}
          </Heading>
          {visible.length ? (
            <>
              <AppGrid apps={visible} columns={COLUMNS} label={`${category.name} apps`} listRef={listRef} />
              <LoadMore shown={visible.length} total={data?.total ?? visible.length} list={list} />
            </>
          ) : (
            <EmptyState title={MSG.noAppsMatching} icon={<LuSearchX />} />
          )}
        </>
      )}

      <Button asChild variant="ghost" mt="10" colorPalette="brand">
        <RouterLink to={paths.categories}>
          <LuArrowLeft aria-hidden /> Back to all categories
        </RouterLink>
      </Button>
    </Container>
  );
}
