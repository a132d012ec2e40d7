import { Box, HStack, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuArrowRight } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { panelStyle } from './surfaces';

export interface Action {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
}

/** A whole-card link to a page: icon, title (the link's name), one line of text and an arrow. */
export function ActionCard({ to, title, text, icon }: Action) {
  return (
    <LinkBox {...panelStyle} p="5" transition="all 0.15s" _hover={{ borderColor: 'brand.300', shadow: 'md' }}>
      <HStack gap="4" align="flex-start">
        <Box color="brand.fg" bg="brand.subtle" rounded="lg" p="2.5" fontSize="xl">
          {icon}
        </Box>
        <Box flex="1">
          <LinkOverlay asChild>
            <RouterLink to={to}>
              <Text fontWeight="semibold" color="gray.900">
                {title}
              </Text>
            </RouterLink>
          </LinkOverlay>
          <Text fontSize="sm" color="gray.600">
            {text}
          </Text>
        </Box>
        <Box color="gray.400" alignSelf="center">
          <LuArrowRight />
        </Box>
      </HStack>
    </LinkBox>
  );
}

/** The dashboards' grid of action cards (one column on phones, three on wide screens). */
export function ActionGrid({ actions }: { actions: readonly Action[] }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
      {actions.map((a) => (
        <ActionCard key={a.to} {...a} />
      ))}
    </SimpleGrid>
  );
}
