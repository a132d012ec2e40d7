import { Button, HStack, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

/** Previous / 'Page x of y' / Next under a server-paged table; hidden when there is one page. */
export function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <HStack as="nav" aria-label={label} justify="center" gap="3" mt="4">
      <Button size="sm" variant="outline" bg="white" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <LuChevronLeft aria-hidden /> Previous
      </Button>
      <Text fontSize="sm" color="gray.600" aria-live="polite">
        Page {page} of {pages}
      </Text>
      <Button size="sm" variant="outline" bg="white" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next <LuChevronRight aria-hidden />
      </Button>
    </HStack>
  );
}
