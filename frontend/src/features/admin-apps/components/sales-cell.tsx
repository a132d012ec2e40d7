import { Stack, Text } from '@chakra-ui/react';
import { formatMoney } from '@/utils/format';
import { useAppPurchases } from '../api/get-app-purchases';
import type { AdminAppRow } from '../types';
import { salesOf } from '../utils/format';

function SalesFigures({ sales, revenue }: { sales: number; revenue: number }) {
  return (
    <Stack gap="0" fontSize="sm" fontVariantNumeric="tabular-nums">
      <Text>
        {sales} {sales === 1 ? 'sale' : 'sales'}
      </Text>
      <Text color="fg.muted">{formatMoney(revenue)}</Text>
    </Stack>
  );
}

/** Sales of an app whose list row carries no totals: counted from its purchases. */
function SalesFromPurchases({ appId }: { appId: string }) {
  const { data } = useAppPurchases(appId);
  return <SalesFigures {...salesOf(data ?? [])} />;
}

/** The Sales column: public apps only, from the row's totals or else from the purchases call. */
export function SalesCell({ app }: { app: AdminAppRow }) {
  if (app.type !== 'public')
    return (
      <Text color="fg.subtle" aria-label="Not sold">
        —
      </Text>
    );
  if (typeof app.total_sales === 'number')
    return <SalesFigures sales={app.total_sales} revenue={Number(app.total_revenue) || 0} />;
  return <SalesFromPurchases appId={app.id} />;
}
