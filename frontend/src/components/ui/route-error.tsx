import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';
import { LuTriangleAlert } from 'react-icons/lu';
import { useLocation } from 'react-router-dom';

/**
 * The routes' error boundary: a screen that throws while rendering shows RouteError instead of a
 * blank page. The usual cause in production is a route chunk that no longer exists after a
 * deployment, which a reload fixes. Navigating elsewhere clears the error.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown; key: string }> {
  override state = { error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    // Only whether something was thrown matters (a bare `throw undefined` included).
    return { error: error ?? null };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    if (import.meta.env?.DEV) console.error(error);
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError />;
  }
}

export function RouteError() {
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
