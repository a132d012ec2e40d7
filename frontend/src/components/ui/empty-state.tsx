import { EmptyState as ChakraEmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuInbox } from 'react-icons/lu';

/** A friendly "nothing here" panel with an optional action, e.g. MSG.noLicenses + Browse Marketplace. */
export function EmptyState({
  title,
  description,
  icon = <LuInbox />,
  action,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <ChakraEmptyState.Root
      bg="white"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="gray.300"
      rounded="xl"
      py="12"
    >
      <ChakraEmptyState.Content>
        <ChakraEmptyState.Indicator color="brand.500">{icon}</ChakraEmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <ChakraEmptyState.Title>{title}</ChakraEmptyState.Title>
          {description && <ChakraEmptyState.Description>{description}</ChakraEmptyState.Description>}
        </VStack>
        {action}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}
