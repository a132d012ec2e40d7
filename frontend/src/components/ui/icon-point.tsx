import { Box, HStack, type StackProps, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { IconTile } from './icon-tile';

/**
 * An icon beside a bold title and a line or two of smaller text: what a key type allows, what
 * happens after a purchase. `round` puts the icon in a circle instead of a rounded square.
 */
export function IconPoint({
  icon,
  title,
  round = false,
  children,
  ...rest
}: { icon: ReactNode; title: ReactNode; round?: boolean; children: ReactNode } & Omit<StackProps, 'title'>) {
  return (
    <HStack align="flex-start" gap="3" {...rest}>
      <IconTile boxSize="9" fontSize="lg" flexShrink={0} rounded={round ? 'full' : 'lg'} aria-hidden>
        {icon}
      </IconTile>
      <Box>
        <Text fontWeight="semibold" color="gray.900">
          {title}
        </Text>
        <Text fontSize="sm" color="gray.600">
          {children}
        </Text>
      </Box>
    </HStack>
  );
}
