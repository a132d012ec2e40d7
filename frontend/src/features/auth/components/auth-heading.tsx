import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function AuthHeading({ icon, title, subtitle }: { icon?: ReactNode; title: string; subtitle?: ReactNode }) {
  return (
    <Stack gap="2" mb="6">
      {icon && (
        <Box
          boxSize="10"
          rounded="lg"
          bg="brand.subtle"
          color="brand.fg"
          display="flex"
          alignItems="center"
          justifyContent="center"
          fontSize="xl"
          mb="1"
        >
          {icon}
        </Box>
      )}
      <Heading as="h1" size="2xl" letterSpacing="tight" color="gray.900">
        {title}
      </Heading>
      {subtitle && <Text color="gray.600">{subtitle}</Text>}
    </Stack>
  );
}
