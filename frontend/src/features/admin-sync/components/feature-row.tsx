import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';
import type { CatalogueTable, EventType, Feature } from '../types';
import { FeatureLinksEditor } from './feature-links-editor';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One feature: name, description, category / module and its counts; expands to its links. */
export function FeatureRow({
  feature,
  expanded,
  onToggle,
  eventTypes,
  tables,
}: {
  feature: Feature;
  expanded: boolean;
  onToggle: () => void;
  eventTypes: EventType[];
  tables: CatalogueTable[];
}) {
  const panelId = `feature-links-${feature.id}`;
  return (
    <Box
      as="li"
      bg="white"
      borderWidth="1px"
      borderColor={expanded ? 'brand.300' : 'gray.200'}
      rounded="xl"
      data-testid={`feature-${feature.id}`}
    >
      <Stack direction={{ base: 'column', md: 'row' }} gap="4" p="5" justify="space-between" align={{ md: 'center' }}>
        <Box minW="0">
          <Heading as="h3" size="md" color="gray.900">
            {feature.name}
          </Heading>
          <Text fontSize="sm" color="gray.700" mt="1">
            {feature.description}
          </Text>
          <Text fontSize="sm" color="gray.600" mt="1">
            {feature.category} / {feature.module}
          </Text>
        </Box>
        <HStack gap="2" flexShrink={0}>
          <Badge variant="subtle" colorPalette="purple">
            {plural(feature.event_count, 'event', 'events')}
          </Badge>
          <Badge variant="subtle" colorPalette="blue">
            {plural(feature.table_count, 'table', 'tables')}
          </Badge>
          <Button
            size="sm"
            variant="outline"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={panelId}
            aria-label={`${expanded ? 'Hide links' : 'Link events'} of ${feature.name}`}
          >
            {expanded ? <LuChevronDown aria-hidden /> : <LuChevronRight aria-hidden />}
            {expanded ? 'Hide links' : 'Link events'}
          </Button>
        </HStack>
      </Stack>
      {expanded && (
        <Box id={panelId} borderTopWidth="1px" borderColor="gray.200" p="5">
          <FeatureLinksEditor feature={feature} eventTypes={eventTypes} tables={tables} />
        </Box>
      )}
    </Box>
  );
}
