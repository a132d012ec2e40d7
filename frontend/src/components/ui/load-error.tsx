import { Alert } from '@chakra-ui/react';
import { errorText } from '../../lib/api-client';

/**
 * Why a screen's data did not load: the server's detail when it sent one, else `fallback`.
 * Layout props (a margin under it) go to the alert.
 */
export function LoadError({
  error,
  fallback,
  ...rest
}: { error: unknown; fallback: string } & Omit<Alert.RootProps, 'status' | 'children'>) {
  return (
    <Alert.Root status="error" borderRadius="md" {...rest}>
      <Alert.Indicator />
      <Alert.Title>{errorText(error, fallback)}</Alert.Title>
    </Alert.Root>
  );
}
