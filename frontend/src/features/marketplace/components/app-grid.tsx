import { Box, SimpleGrid, type SimpleGridProps } from '@chakra-ui/react';
import type { Ref } from 'react';
import type { MarketplaceApp } from '../types';
import { AppCard, AppCardSkeleton } from './app-card';

interface AppGridProps {
  apps: readonly MarketplaceApp[];
  loading?: boolean;
  columns?: SimpleGridProps['columns'];
  featured?: boolean;
  skeletons?: number;
  label?: string;
  /** The list element (a `ul`): where "Load more" moves focus to the first new card. */
  listRef?: Ref<HTMLDivElement>;
}

/** A responsive grid of app cards, or skeleton cards while the first load is in flight. */
export function AppGrid({
  apps,
  loading = false,
  columns = { base: 1, sm: 2, lg: 3, xl: 4 },
  featured = false,
  skeletons = 8,
  label,
  listRef,
}: AppGridProps) {
  if (loading) {
    return (
      <SimpleGrid columns={columns} gap="5" aria-busy="true" aria-label={label}>
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <AppCardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid ref={listRef} as="ul" listStyleType="none" columns={columns} gap="5" aria-label={label}>
      {apps.map((app) => (
        // A card out of view is neither styled nor laid out until it scrolls near (a list grows with
        // every "Load more"). The size it stands in with is about a card's; once rendered, the
        // browser keeps the real one.
        <Box as="li" key={app.id} contentVisibility="auto" containIntrinsicSize="auto 15rem">
          <AppCard app={app} featured={featured} />
        </Box>
      ))}
    </SimpleGrid>
  );
}
