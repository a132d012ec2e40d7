import { Button, Stack, Text } from '@chakra-ui/react';
import type { PagedListState } from './load-more';

interface MoreRowsProps {
  list: PagedListState;
  /** Rows shown, and how many there are in all when a counter knows it (a server search may not). */
  shown: number;
  total?: number;
  /** What is listed, for the button's accessible name ("Load more users"). */
  noun: string;
}

/**
 * "Load more" under an admin table read page by page (usePagedList): a real button (Enter and
 * Space work), busy while a page loads, saying when a page failed. The storefront's LoadMore is
 * kept apart so the visitor's download stays within its budget.
 */
export function MoreRows({ list, shown, total, noun }: MoreRowsProps) {
  const { failed } = list;
  if (!list.hasMore && !failed) return null;
  return (
    <Stack align="center" gap="2" mt="6">
      <Button
        variant="outline"
        colorPalette="brand"
        loading={list.loading}
        aria-label={`Load more ${noun}`}
        onClick={list.loadMore}
      >
        Load more
      </Button>
      <Text color={failed ? 'fg.error' : 'fg.muted'} fontSize="sm" role={failed ? 'alert' : undefined}>
        {failed
          ? `Could not load more ${noun}: try again`
          : total === undefined
            ? `${shown} ${noun} shown`
            : `${shown} of ${total} ${noun} shown`}
      </Text>
    </Stack>
  );
}
