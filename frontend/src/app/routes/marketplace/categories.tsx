import { Alert, Button, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '@chakra-ui/react/theme';
import * as MSG from '@shared/messages/screens';
import { LuFolderOpen } from 'react-icons/lu';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useCategories } from '@/api/get-categories';
import { EmptyState } from '@/components/ui/empty-state';
import { addSlotRecipes } from '@/components/ui/system';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { paths } from '@/config/paths';
import { CategoryCard, CategoryCardSkeleton } from '@/features/marketplace/components/category-card';

// Beyond the design system's own recipes (system.ts): added when this module loads.
addSlotRecipes({ alert: alertSlotRecipe });

/** /marketplace/categories: every active category, in display order. */
export default function MarketplaceCategories() {
  const { data: categories, isLoading: fetching } = useCategories();
  // SWR reports isLoading while it revalidates server-rendered (fallback) data too: that data shows.
  const isLoading = fetching && !categories;
  // Set by the category page when the server answered 404 for its slug.
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const columns = { base: 1, sm: 2, lg: 3, xl: 4 };
  useDocumentTitle('Categories');

  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }}>
      <Stack gap="2" mb="8">
        <Heading as="h1" size="3xl">
          Browse by Category
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          Find the right tools for every part of your practice.
        </Text>
      </Stack>
      {notice && (
        <Alert.Root status="warning" mb="6" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Title>{notice}</Alert.Title>
        </Alert.Root>
      )}
      {isLoading ? (
        <SimpleGrid columns={columns} gap="5" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <CategoryCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ) : categories?.length ? (
        <SimpleGrid as="ul" listStyleType="none" columns={columns} gap="5">
          {categories.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} />
            </li>
          ))}
        </SimpleGrid>
      ) : (
        <EmptyState
          title={MSG.noCategories}
          icon={<LuFolderOpen />}
          action={
            <Button asChild variant="outline">
              <RouterLink to={paths.home}>Browse all apps</RouterLink>
            </Button>
          }
        />
      )}
    </Container>
  );
}
