import { Box, Button, chakra, Heading, HStack, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { LuSave } from 'react-icons/lu';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useFeatureLinks } from '../api/get-feature-links';
import { useSaveFeatureLinks } from '../api/save-feature-links';
import type { CatalogueTable, EventType, Feature } from '../types';

const Checkbox = chakra('input');

function toggle(set: Set<string>, id: string, on: boolean): Set<string> {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

function CheckRow({
  id,
  checked,
  onChange,
  title,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  title: string;
  children?: ReactNode;
}) {
  return (
    <chakra.label
      display="flex"
      gap="3"
      alignItems="flex-start"
      px="3"
      py="2"
      rounded="md"
      cursor="pointer"
      _hover={{ bg: 'gray.50' }}
      htmlFor={id}
    >
      <Checkbox
        type="checkbox"
        id={id}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        mt="1"
        w="4"
        h="4"
        accentColor="var(--chakra-colors-brand-600)"
        flexShrink={0}
      />
      <Box minW="0">
        <Text fontWeight="medium" color="gray.900" fontSize="sm">
          {title}
        </Text>
        {children}
      </Box>
    </chakra.label>
  );
}

/**
 * One checkbox list of the editor: its legend with how many are checked, an optional filter, then
 * the choices in a scrolling box (or `empty` when there are none).
 */
function CheckList({
  legend,
  chosen,
  onChange,
  choices,
  idPrefix,
  empty,
  filter,
}: {
  legend: string;
  chosen: Set<string>;
  onChange: (chosen: Set<string>) => void;
  choices: { id: string; title: string; detail: ReactNode }[];
  idPrefix: string;
  empty: string;
  filter?: ReactNode;
}) {
  return (
    <Box as="fieldset" minW="0">
      <Heading as="legend" size="sm" mb="2">
        {legend} ({chosen.size} selected)
      </Heading>
      {filter}
      {choices.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          {empty}
        </Text>
      ) : (
        <Box maxH="80" overflowY="auto" borderWidth="1px" borderColor="gray.200" rounded="md" py="1">
          {choices.map((c) => (
            <CheckRow
              key={c.id}
              id={`${idPrefix}-${c.id}`}
              title={c.title}
              checked={chosen.has(c.id)}
              onChange={(on) => onChange(toggle(chosen, c.id, on))}
            >
              <Text fontSize="xs" color="gray.600">
                {c.detail}
              </Text>
            </CheckRow>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The checkbox lists of one feature: every event type and table of the catalogue, pre-checked with
 * what is linked now; Save Links replaces the feature's links.
 */
export function FeatureLinksEditor({
  feature,
  eventTypes,
  tables,
}: {
  feature: Feature;
  eventTypes: EventType[];
  tables: CatalogueTable[];
}) {
  const links = useFeatureLinks(feature.id);
  const save = useSaveFeatureLinks(feature.id);
  const [events, setEvents] = useState<Set<string> | null>(null);
  const [chosenTables, setChosenTables] = useState<Set<string> | null>(null);
  const [tableFilter, setTableFilter] = useState('');

  // Pre-check with the current links (from the links call; the feature's own lists if it failed).
  useEffect(() => {
    if (events !== null) return;
    if (links.data) {
      setEvents(new Set(links.data.event_types.map((e) => e.id)));
      setChosenTables(new Set(links.data.tables.map((t) => t.id)));
    } else if (links.error) {
      setEvents(new Set((feature.event_types ?? []).map((e) => e.id)));
      setChosenTables(new Set((feature.tables ?? []).map((t) => t.id)));
    }
  }, [links.data, links.error, events, feature]);

  // Show what the catalogue has now, plus anything linked that has since been removed.
  const eventChoices = useMemo(() => eventTypes.filter((e) => !e.removed || events?.has(e.id)), [eventTypes, events]);
  const tableChoices = useMemo(() => {
    const needle = tableFilter.trim().toLowerCase();
    return tables.filter(
      (t) =>
        (!t.removed || chosenTables?.has(t.id)) &&
        (!needle || t.name.toLowerCase().includes(needle) || chosenTables?.has(t.id)),
    );
  }, [tables, chosenTables, tableFilter]);

  async function onSave() {
    if (!events || !chosenTables) return;
    try {
      const res = await save.trigger({
        feature_id: feature.id,
        event_type_ids: [...events],
        table_ids: [...chosenTables],
      });
      notifySuccess(MSG.linked(res.linked_events, res.linked_tables));
    } catch (err) {
      notifyError(MSG.failedSaveLinks, err instanceof ApiError ? err.detail : undefined);
    }
  }

  if (!events || !chosenTables) {
    return (
      <Stack gap="2" aria-label="Loading links">
        <Skeleton h="6" />
        <Skeleton h="6" />
      </Stack>
    );
  }

  const idPrefix = `link-${feature.id}`;
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <CheckList
          legend="Event types"
          chosen={events}
          onChange={setEvents}
          idPrefix={`${idPrefix}-event`}
          empty="No event types yet. Run Sync Now to load them."
          choices={eventChoices.map((e) => ({
            id: e.id,
            title: e.id,
            detail: `${e.name} · ${e.trigger_type}${e.removed ? ' · removed from the source' : ''}`,
          }))}
        />
        <CheckList
          legend="Tables"
          chosen={chosenTables}
          onChange={setChosenTables}
          idPrefix={`${idPrefix}-table`}
          empty={tables.length === 0 ? 'No tables yet. Run Sync Now to load them.' : 'No table matches the filter.'}
          filter={
            <Input
              size="sm"
              mb="2"
              type="search"
              aria-label={`Filter tables for ${feature.name}`}
              placeholder="Filter tables by name"
              value={tableFilter}
              onChange={(e) => setTableFilter(e.target.value)}
            />
          }
          choices={tableChoices.map((t) => ({
            id: t.id,
            title: t.name,
            detail: `${t.column_count} ${t.column_count === 1 ? 'column' : 'columns'}${
              t.references.length > 0 ? ` · references ${t.references.join(', ')}` : ' · references no table'
            }${t.removed ? ' · removed from the source' : ''}`,
          }))}
        />
      </SimpleGrid>
      <HStack justify="flex-end">
        <Button colorPalette="brand" onClick={onSave} loading={save.isMutating}>
          <LuSave aria-hidden /> Save Links
        </Button>
      </HStack>
    </Stack>
  );
}
