import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** An inline success/error/info line under a form (role=alert so screen readers announce it). */
export function FormMessage({
  status,
  children,
  title,
}: {
  status: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
  title?: ReactNode;
}) {
  return (
    <Alert.Root status={status} rounded="md" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
