import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { IconTile } from './icon-tile';

export function AuthHeading({ icon, title, subtitle }: { icon?: ReactNode; title: string; subtitle?: ReactNode }) {
  return (
    <Stack gap="2" mb="6">
      {icon && <IconTile mb="1">{icon}</IconTile>}
      <Heading as="h1" size="2xl" letterSpacing="tight" color="gray.900">
        {title}
      </Heading>
      {subtitle && <Text color="gray.600">{subtitle}</Text>}
    </Stack>
  );
}
