import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useMyPurchases } from '@/api/get-my-purchases';
import { NoLicencesState } from '@/components/ui/no-licences-state';
import { PageHeader } from '@/components/ui/page-header';
import { errorText } from '@/lib/api-client';
import { useInstalls } from '../api/get-installs';
import { PurchaseCard } from './purchase-card';

export const FAILED_LOAD_PURCHASES = 'Failed to load your purchases';

/** My Purchased Licenses: every licence the developer bought, newest first, a page at a time (Load more). */
export function MyPurchases() {
  const { data, error, isLoading, mutate, isValidating, hasMore, loadMore, loadingMore } = useMyPurchases();
  // Each licence's access (its app's install); the cards show without it while it loads or if it fails.
  const installs = useInstalls();
  const installOf = (appId: string) => installs.data?.find((i) => i.app_id === appId);

  let body: ReactNode;
  if (error && !data)
    body = (
      <Alert.Root status="error" borderRadius="lg" alignItems="center">
        <Alert.Indicator />
        <Alert.Title flex="1">{errorText(error, FAILED_LOAD_PURCHASES)}</Alert.Title>
        <Button size="sm" variant="outline" onClick={() => mutate()} loading={isValidating}>
          Try again
        </Button>
      </Alert.Root>
    );
  else if (isLoading || !data)
    body = (
      <Stack gap="4" aria-busy="true" aria-label="Loading purchases">
        <Skeleton h="44" borderRadius="xl" />
        <Skeleton h="44" borderRadius="xl" />
      </Stack>
    );
  else if (data.length === 0) body = <NoLicencesState />;
  else
    body = (
      <Stack gap="4">
        {data.map((purchase) => (
          <PurchaseCard
            key={purchase.id}
            purchase={purchase}
            install={purchase.status === 'refunded' ? undefined : installOf(purchase.app.id)}
            onInstallChanged={() => installs.mutate()}
          />
        ))}
        {hasMore ? (
          <Button alignSelf="center" variant="outline" loading={loadingMore} onClick={() => void loadMore()}>
            Load more purchases
          </Button>
        ) : null}
      </Stack>
    );

  return (
    <>
      <PageHeader
        title="My Purchased Licenses"
        description="Licences you bought in the marketplace, with their keys and invoices."
      />
      {body}
    </>
  );
}
