import { Button, Stack, Text } from '@chakra-ui/react';

interface LoadMoreProps {
  /** Items shown, and how many match in all. */
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoadMore: () => void;
  /** What is listed, for the button's accessible name ("Load more apps"). */
  noun?: string;
}

/**
 * "Load more" under a paged list: a real button (Enter and Space work, it stays in the tab order
 * while there is more), busy while a page loads; when the page arrives focus moves to its first item
 * (usePagedList). A failure says so and leaves the button to try again.
 */
export function LoadMore({ shown, total, hasMore, loading, failed, onLoadMore, noun = 'apps' }: LoadMoreProps) {
  if (!hasMore && !failed) return null;
  return (
    <Stack align="center" gap="2" mt="8">
      <Button
        variant="outline"
        colorPalette="brand"
        size="lg"
        loading={loading}
        aria-label={`Load more ${noun}`}
        onClick={onLoadMore}
      >
        Load more
      </Button>
      <Text color={failed ? 'fg.error' : 'fg.muted'} fontSize="sm" role={failed ? 'alert' : undefined}>
        {failed ? `Could not load more ${noun}: try again` : `${shown} of ${total} ${noun} shown`}
      </Text>
    </Stack>
  );
}
