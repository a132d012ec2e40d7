import {
  Box,
  Breadcrumb,
  Button,
  Container,
  Heading,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { breadcrumbSlotRecipe } from '@chakra-ui/react/theme';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { LuArrowLeft, LuFolderX, LuSearchX } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { CATEGORY_DEFAULTS, type SortOption } from '../../../../../shared/constants';
import * as MSG from '../../../../../shared/messages/screens';
import { EmptyState } from '../../../components/ui/empty-state';
import { SearchInput } from '../../../components/ui/search-input';
import { addSlotRecipes } from '../../../components/ui/system';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { useEarlyEntry } from '../../../components/ui/use-early-entry';
import { paths } from '../../../config/paths';
import { useCategoryApps } from '../../../features/marketplace/api/get-category-apps';
import { AppGrid } from '../../../features/marketplace/components/app-grid';
import { CategoryIcon } from '../../../features/marketplace/components/category-icon';
import { PracticeSystemSelect } from '../../../features/marketplace/components/practice-system-select';
import { useUrlParam } from '../../../features/marketplace/hooks/use-url-param';
import { isSortOption, matchesSearch, sortApps, worksWith } from '../../../features/marketplace/utils/filter-apps';
import { ApiError } from '../../../lib/api-client';

// Beyond the design system's own recipes (system.ts): added when this module loads.
addSlotRecipes({ breadcrumb: breadcrumbSlotRecipe });

const SORT_LABELS: Record<SortOption, string> = {
  name: 'Sort by Name',
  price_low: 'Price: Low to High',
  price_high: 'Price: High to Low',
  rating: 'Highest Rated',
};

const COLUMNS = { base: 1, md: 2, lg: 3 };

/**
 * /marketplace/category/{slug}: one category's apps with search, the practice-system filter
 * (?works_with=, shareable and rendered by the server too), sort and a result count.
 */
export default function MarketplaceCategory() {
  const { slug } = useParams<{ slug: string }>();
  const navigate = useNavigate();
  const { data, error, isLoading: fetching } = useCategoryApps(slug);
  // SWR reports isLoading while it revalidates server-rendered (fallback) data too: that data shows.
  const isLoading = fetching && !data;
  const [query, setQuery] = useUrlParam('q');
  const [sortParam, setSort] = useUrlParam('sort');
  const [system, setSystem] = useUrlParam('works_with');
  const sort: SortOption = isSortOption(sortParam) ? sortParam : 'name';
  const sortField = useEarlyEntry<HTMLSelectElement>(sort, setSort);
  const deferredQuery = useDeferredValue(query);

  const serverSaysMissing = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (serverSaysMissing) navigate(paths.categories, { replace: true, state: { notice: MSG.categoryNotFound } });
  }, [serverSaysMissing, navigate]);

  const apps = data?.apps;
  const visible = useMemo(
    () =>
      sortApps(
        (apps ?? []).filter((app) => worksWith(app, system) && matchesSearch(app, deferredQuery)),
        sort,
      ),
    [apps, system, deferredQuery, sort],
  );

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
            <NativeSelect.Root w={{ base: 'full', md: '56' }}>
              <NativeSelect.Field
                ref={sortField}
                aria-label="Sort apps"
                value={sort}
                onChange={(e) => setSort(e.target.value)}
              >
                {Object.entries(SORT_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
          <Text color="fg.muted" fontSize="sm" mb="6" aria-live="polite">
            {`Showing ${visible.length} of ${apps?.length ?? 0} apps in ${category.name}`}
          </Text>

          {/* The cards' names are h3s: a heading for the list keeps the outline in order for screen readers. */}
          <Heading as="h2" srOnly>
            {`${category.name} apps`}
          </Heading>
          {visible.length ? (
            <AppGrid apps={visible} columns={COLUMNS} label={`${category.name} apps`} />
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
