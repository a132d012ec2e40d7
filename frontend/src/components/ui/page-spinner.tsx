import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** Centered spinner: the Suspense fallback while a route module loads, and for page-level loading. */
export function PageSpinner({ label = 'Loading...', minH = '40vh' }: { label?: string; minH?: string }) {
  return (
    <Center minH={minH} py="10" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text fontSize="sm" color="gray.500">
          {label}
        </Text>
      </VStack>
    </Center>
  );
}
