import { Box, Heading, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuSparkles } from 'react-icons/lu';
import { panelStyle } from './surfaces';

/** Stand-in body for a screen that a later release fills in. */
export function PlaceholderPanel({
  title = 'Coming soon',
  children,
  action,
}: {
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box {...panelStyle} p={{ base: '6', md: '10' }}>
      <VStack gap="3" textAlign="center" maxW="lg" mx="auto">
        <Box color="brand.500" fontSize="3xl">
          <LuSparkles />
        </Box>
        <Heading size="md">{title}</Heading>
        {children && <Box color="gray.600">{children}</Box>}
        {action}
      </VStack>
    </Box>
  );
}
