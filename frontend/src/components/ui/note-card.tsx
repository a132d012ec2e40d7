import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorText } from '../../lib/api-client';

/**
 * A dashboard card that says one thing in a sentence: its heading names the section; until the
 * data comes it says Loading…, and if the read failed, why (`failed` when the server gave no detail).
 */
export function NoteCard({
  headingId,
  title,
  error,
  failed,
  loading,
  children,
}: {
  headingId: string;
  title: string;
  error: unknown;
  failed: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Box as="section" borderWidth="1px" borderRadius="xl" p="5" aria-labelledby={headingId}>
      <Heading as="h2" size="md" id={headingId} mb="2">
        {title}
      </Heading>
      {error ? (
        <Text color="red.700">{errorText(error, failed)}</Text>
      ) : loading ? (
        <Text color="fg.muted">Loading…</Text>
      ) : (
        children
      )}
    </Box>
  );
}
