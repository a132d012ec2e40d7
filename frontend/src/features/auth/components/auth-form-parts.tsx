import { Button, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The full-width primary button that submits a sign-in, sign-up or password form. */
export function AuthSubmit({
  loading,
  loadingText,
  children,
}: {
  loading: boolean;
  loadingText: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" colorPalette="brand" size="lg" loading={loading} loadingText={loadingText}>
      {children}
    </Button>
  );
}

/** The line under an auth form pointing to the other way in ("Back to sign in", "Sign up"...). */
export function AuthFooter({ children }: { children: ReactNode }) {
  return (
    <Text mt="8" textAlign="center" fontSize="sm" color="gray.600">
      {children}
    </Text>
  );
}
