import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react';
import { LuTriangleAlert } from 'react-icons/lu';
import { useRouteError } from 'react-router-dom';

/**
 * Router error boundary. The usual cause in production is a route chunk that no longer exists
 * after a deployment, which a reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env?.DEV) console.error(error);
  return (
    <Box minH="100vh" display="flex" alignItems="center" justifyContent="center" bg="gray.50" px="4">
      <VStack gap="4" textAlign="center" maxW="md" bg="white" p="10" rounded="2xl" shadow="sm" borderWidth="1px">
        <Box color="orange.500" fontSize="4xl">
          <LuTriangleAlert />
        </Box>
        <Heading size="lg">Something went wrong</Heading>
        <Text color="gray.600">
          This page could not be displayed. Reloading usually fixes it; if it keeps happening, please contact support.
        </Text>
        <VStack gap="2" w="full">
          <Button colorPalette="brand" w="full" onClick={() => window.location.reload()}>
            Reload page
          </Button>
          <Button variant="ghost" w="full" onClick={() => window.location.assign('/')}>
            Go to the marketplace
          </Button>
        </VStack>
      </VStack>
    </Box>
  );
}
