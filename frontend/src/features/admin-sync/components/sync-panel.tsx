import { Box, Heading, HStack, Skeleton, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { panelStyle } from '@/components/ui/surfaces';

/**
 * A card of the Internal Sync page: an icon and heading (naming the section), an optional badge at
 * the end of the heading row, then the load error, three skeleton lines while loading, or the body.
 */
export function SyncPanel({
  headingId,
  icon,
  title,
  badge,
  error,
  failed,
  loading,
  children,
}: {
  headingId: string;
  icon: ReactNode;
  title: string;
  badge?: ReactNode;
  /** Shown (with `failed` as the fallback text) when set. */
  error: unknown;
  failed: string;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Box as="section" aria-labelledby={headingId} {...panelStyle} p="5">
      <HStack justify="space-between" mb="4">
        <HStack gap="3">
          <Box color="gray.600" fontSize="xl">
            {icon}
          </Box>
          <Heading as="h2" size="md" id={headingId}>
            {title}
          </Heading>
        </HStack>
        {badge}
      </HStack>
      {error ? (
        <LoadError error={error} fallback={failed} />
      ) : loading ? (
        <Stack gap="2" aria-hidden>
          <Skeleton h="5" />
          <Skeleton h="5" />
          <Skeleton h="5" />
        </Stack>
      ) : (
        children
      )}
    </Box>
  );
}
