import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { panelStyle } from '@/components/ui/surfaces';

/** One section of the admin's settings page: a panel with its heading and one line about it. */
export function SettingsPanel({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Box as="section" {...panelStyle} p={{ base: '5', md: '8' }}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <Text color="gray.600" mt="1" mb="6">
        {intro}
      </Text>
      {children}
    </Box>
  );
}
