import { Alert } from '@chakra-ui/react';
import { errorText } from '@/lib/api-client';

/**
 * A one-line alert: the status icon and its text as the title (a refused form, a list that did not
 * load, a warning before an action). Layout props (a margin under it) go to the alert.
 */
export function TitleAlert({ status, children, ...rest }: Alert.RootProps & { status: Alert.RootProps['status'] }) {
  return (
    <Alert.Root status={status} borderRadius="md" {...rest}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}

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
    <TitleAlert status="error" {...rest}>
      {errorText(error, fallback)}
    </TitleAlert>
  );
}
