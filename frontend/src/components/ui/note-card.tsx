import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorText } from '@/lib/api-client';

/**
 * A dashboard card that says one thing in a sentence about what a read returns (`read`, the result
 * of the feature's SWR hook): its heading names the section; until the data comes it says Loading…,
 * and if the read failed, why (`failed` when the server gave no detail). `testId` marks the
 * sentence (and names the heading's id).
 */
export function NoteCard<T>({
  read: { data, error },
  title,
  failed,
  testId,
  children,
}: {
  read: { data?: T; error?: unknown };
  title: string;
  failed: string;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  const headingId = `${testId}-title`;
  return (
    <Box as="section" borderWidth="1px" borderRadius="xl" p="5" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId} mb="2">
        {title}
      </Heading>
      {error ? (
        <Text color="red.700">{errorText(error, failed)}</Text>
      ) : data === undefined ? (
        <Text color="fg.muted">Loading…</Text>
      ) : (
        <Text data-testid={testId}>{children(data)}</Text>
      )}
    </Box>
  );
}
