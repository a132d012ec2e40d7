import { Box, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

/** Title, optional description and actions at the top of a screen. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(typeof title === 'string' ? title : undefined);
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'flex-end' }}
      justify="space-between"
      gap="4"
      mb={{ base: '6', md: '8' }}
    >
      <Box minW="0">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} color="gray.900" letterSpacing="tight">
          {title}
        </Heading>
        {description && (
          <Text mt="1.5" color="gray.600" maxW="3xl">
            {description}
          </Text>
        )}
      </Box>
      {actions && (
        <HStack gap="2" flexWrap="wrap" flexShrink={0}>
          {actions}
        </HStack>
      )}
    </Flex>
  );
}
