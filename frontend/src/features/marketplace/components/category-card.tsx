import { Box, Card, Heading, HStack, LinkBox, LinkOverlay, Skeleton, SkeletonText, Text } from '@chakra-ui/react';
import { CATEGORY_DEFAULTS } from '@shared/constants';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Category } from '../types';
import { CategoryIcon } from './category-icon';

const plural = (n: number) => `${n} ${n === 1 ? 'app' : 'apps'}`;

/** A category tile: its colour and icon, description and number of apps; the whole tile is a link. */
export function CategoryCard({ category }: { category: Category }) {
  const color = category.color || CATEGORY_DEFAULTS.color;
  const apps = Number(category.app_count) || 0;
  return (
    <LinkBox
      as="article"
      h="full"
      borderRadius="xl"
      transition="transform 0.15s ease, box-shadow 0.15s ease"
      _hover={{ transform: 'translateY(-2px)', shadow: 'lg' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
    >
      <Card.Root h="full" variant="outline" borderRadius="xl" overflow="hidden">
        <Box h="1" style={{ background: color }} />
        <Card.Body gap="3" p="5">
          <HStack justify="space-between" align="flex-start">
            <Box
              p="3"
              borderRadius="lg"
              style={{ background: `color-mix(in srgb, ${color} 14%, transparent)`, color }}
              aria-hidden
            >
              <CategoryIcon name={category.icon} size={24} />
            </Box>
            <Text fontSize="sm" color="fg.muted" fontWeight="medium">
              {plural(apps)}
            </Text>
          </HStack>
          <Heading as="h2" size="md">
            <LinkOverlay asChild _focusVisible={{ outline: 'none' }}>
              <RouterLink to={paths.category(category.slug)}>{category.name}</RouterLink>
            </LinkOverlay>
          </Heading>
          {category.description && (
            <Text color="fg.muted" fontSize="sm" lineClamp={3}>
              {category.description}
            </Text>
          )}
          {/* The category's colour darkened enough to read as text on white (WCAG AA 4.5:1). */}
          <HStack
            mt="auto"
            gap="1"
            fontSize="sm"
            fontWeight="semibold"
            style={{ color: `color-mix(in srgb, ${color} 55%, black)` }}
          >
            <Text>Browse apps</Text>
            <LuArrowRight aria-hidden />
          </HStack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}

export function CategoryCardSkeleton() {
  return (
    <Card.Root variant="outline" borderRadius="xl" aria-hidden>
      <Card.Body gap="3" p="5">
        <Skeleton w="12" h="12" borderRadius="lg" />
        <Skeleton h="5" w="50%" />
        <SkeletonText noOfLines={2} gap="2" />
      </Card.Body>
    </Card.Root>
  );
}
