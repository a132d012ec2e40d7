import { Box, HStack, Skeleton, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { panelStyle } from './surfaces';

export function StatCard({
  label,
  value,
  icon,
  loading,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  loading?: boolean;
  hint?: string;
}) {
  return (
    <Box as="section" aria-label={label} {...panelStyle} p="5" shadow="xs">
      <HStack justify="space-between" align="flex-start">
        <Box>
          <Text fontSize="sm" color="gray.600" fontWeight="medium">
            {label}
          </Text>
          <Skeleton loading={loading} mt="2" minW="10">
            <Text fontSize="3xl" fontWeight="bold" color="gray.900" lineHeight="1">
              {value}
            </Text>
          </Skeleton>
          {hint && (
            <Text fontSize="xs" color="gray.500" mt="2">
              {hint}
            </Text>
          )}
        </Box>
        <Box color="brand.fg" bg="brand.subtle" rounded="lg" p="2.5" fontSize="xl">
          {icon}
        </Box>
      </HStack>
    </Box>
  );
}
