import type { Alert } from '@chakra-ui/react';
import { errorText } from '../../lib/api-client';
import { TitleAlert } from './title-alert';

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
