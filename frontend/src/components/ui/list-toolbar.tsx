import { Badge, HStack, Input, InputGroup, Text } from '@chakra-ui/react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { LuSearch } from 'react-icons/lu';

/**
 * A server-paged, searched list's state: the typed query, the deferred one to fetch with (typing
 * stays responsive), and the page, which goes back to 1 whenever the query or a filter changes.
 */
export function usePagedSearch() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(query);
  /** Wraps a filter's setter so that choosing a filter also goes back to the first page. */
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return { query, search: refilter(setQuery), q, page, setPage, refilter };
}

/**
 * The bar above an admin table: a search box at the start (its `label` names it for screen
 * readers) and, at the end, a filter or the list's count.
 */
export function ListSearchBar({
  query,
  onSearch,
  label,
  placeholder,
  maxW,
  children,
}: {
  query: string;
  onSearch: (query: string) => void;
  label: string;
  placeholder: string;
  /** The box's width from md up (full width below). */
  maxW: string;
  children?: ReactNode;
}) {
  return (
    <HStack mb="4" gap="4" flexWrap="wrap" justify="space-between">
      <InputGroup startElement={<LuSearch />} maxW={{ base: 'full', md: maxW }}>
        <Input
          type="search"
          bg="white"
          value={query}
          onChange={(e) => onSearch(e.target.value)}
          placeholder={placeholder}
          aria-label={label}
        />
      </InputGroup>
      {children}
    </HStack>
  );
}

/** "Showing x of y ..." under a list's filters, announced politely, with a badge for what waits on an admin. */
export function ListCount({
  children,
  waiting,
  waitingLabel,
  palette,
}: {
  children: ReactNode;
  /** How many rows wait for the admin (e.g. awaiting review); the badge shows when above 0. */
  waiting: number;
  waitingLabel: string;
  palette: string;
}) {
  return (
    <Text fontSize="sm" color="gray.600" aria-live="polite">
      {children}
      {waiting > 0 && (
        <Badge ms="2" colorPalette={palette} variant="subtle">
          {waiting} {waitingLabel}
        </Badge>
      )}
    </Text>
  );
}
