import { Button, Stack, Text } from '@chakra-ui/react';

/** What "Load more" needs of a list read page by page (usePagedList's answer). */
export interface PagedListState {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  loadMore: () => unknown;
}

interface LoadMoreProps {
  list: PagedListState;
  /** Items shown, and how many there are in all when a counter knows it (a server search may not). */
  shown: number;
  total?: number;
  /** What is listed, for the button's accessible name ("Load more apps"). */
  noun?: string;
  /** Under a table (admin lists, a dialog's list): a smaller button, closer to the rows. */
  compact?: boolean;
}

/**
 * "Load more" under a paged list: a real button (Enter and Space work, it stays in the tab order
 * while there is more), busy while a page loads; when the page arrives focus moves to its first item
 * (usePagedList). A failure says so and leaves the button to try again.
 */
export function LoadMore({ list, shown, total, noun = 'apps', compact }: LoadMoreProps) {
  const { failed } = list;
  if (!list.hasMore && !failed) return null;
  return (
    <Stack align="center" gap="2" mt={compact ? '6' : '8'}>
      <Button
        variant="outline"
        colorPalette="brand"
        size={compact ? undefined : 'lg'}
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
