import { Badge, Heading, HStack, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { tagSlotRecipe } from '@chakra-ui/react/theme';
import { AppIcon } from '@/components/ui/app-icon';
import { AppTypeBadge } from '@/components/ui/app-type-badge';
import { addSlotRecipes } from '@/components/ui/system';
import type { AppDetail } from '@/features/marketplace/types';
import { splitTags } from '@/features/marketplace/utils/filter-apps';
import { InstallsStat, RatingStat } from '../app-stats';
import { PracticeSystemBadges } from '../practice-system-badges';

// Beyond the design system's own recipes (system.ts): added when this module loads.
addSlotRecipes({ tag: tagSlotRecipe });

/** Icon, name, tagline (or description), rating, installs and tags. */
export function AppDetailHeader({ app }: { app: AppDetail }) {
  const tags = splitTags(app.tags);
  const rating = Number(app.average_rating) || 0;
  const installs = Number(app.installations) || 0;
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="6" align={{ sm: 'flex-start' }}>
      <AppIcon name={app.name} src={app.icon_url} size={96} loading="eager" />
      <Stack gap="3" minW="0">
        <HStack gap="2" wrap="wrap">
          {app.category && (
            <Badge variant="subtle" colorPalette="teal" borderRadius="full" px="2.5">
              {app.category}
            </Badge>
          )}
          <AppTypeBadge type={app.type} />
        </HStack>
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="1.15">
          {app.name}
        </Heading>
        {(app.tagline || app.description) && (
          <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
            {app.tagline || app.description}
          </Text>
        )}
        {(rating > 0 || installs > 0 || app.company_name) && (
          <HStack gap="5" fontSize="sm" color="fg.muted" wrap="wrap">
            {app.company_name && <Text>by {app.company_name}</Text>}
            {rating > 0 && <RatingStat rating={rating} reviews={app.review_count ?? 0} reviewsWord />}
            {installs > 0 && <InstallsStat installs={installs} />}
          </HStack>
        )}
        <PracticeSystemBadges systems={app.practice_systems} />
        {tags.length > 0 && (
          <Wrap gap="2" as="ul" aria-label="Tags" listStyleType="none">
            {tags.map((tag) => (
              <li key={tag}>
                <Tag.Root size="md" variant="outline" borderRadius="full">
                  <Tag.Label>{tag}</Tag.Label>
                </Tag.Root>
              </li>
            ))}
          </Wrap>
        )}
      </Stack>
    </Stack>
  );
}
