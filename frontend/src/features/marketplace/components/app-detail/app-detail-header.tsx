import { Badge, Heading, HStack, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { tagSlotRecipe } from '@chakra-ui/react/theme';
import { LuDownload, LuStar } from 'react-icons/lu';
import { AppIcon } from '../../../../components/ui/app-icon';
import { addSlotRecipes } from '../../../../components/ui/system';
import { formatCount } from '../../../../utils/format';
import type { AppDetail } from '../../types';
import { splitTags } from '../../utils/filter-apps';
import { PracticeSystemBadges } from '../practice-system-badges';

// Beyond the design system's own recipes (system.ts): added when this module loads.
addSlotRecipes({ tag: tagSlotRecipe });

const TYPE_PALETTE: Record<string, string> = { internal: 'gray', partner: 'purple', public: 'blue' };

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
          <Badge variant="subtle" colorPalette={TYPE_PALETTE[app.type] ?? 'gray'} borderRadius="full" px="2.5">
            {app.type.charAt(0).toUpperCase() + app.type.slice(1)}
          </Badge>
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
            {rating > 0 && (
              <HStack gap="1" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
                <LuStar aria-hidden fill="#F59E0B" color="#F59E0B" />
                <Text as="span" color="fg" fontWeight="medium">
                  {rating.toFixed(1)}
                </Text>
                {(app.review_count ?? 0) > 0 && (
                  <Text as="span">
                    ({formatCount(app.review_count)} {app.review_count === 1 ? 'review' : 'reviews'})
                  </Text>
                )}
              </HStack>
            )}
            {installs > 0 && (
              <HStack gap="1">
                <LuDownload aria-hidden />
                <Text as="span">{formatCount(installs)} installs</Text>
              </HStack>
            )}
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
