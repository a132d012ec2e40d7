import { Box, Button, Heading, Table, Text } from '@chakra-ui/react';
import type { SuppressedAddress } from '@shared/schemas/mail';
import { useState } from 'react';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { api, errorText } from '@/lib/api-client';
import { usePagedArray } from '@/lib/use-paged-array';
import { formatDate } from '@/utils/format';

const PATH = '/api/admin/mail-suppressions';
const reasonLabel = { bounce: 'Bounced', complaint: 'Complaint' } as const;
const SUPPRESSED_COLUMNS: DataColumn[] = [
  'Address',
  'Reason',
  'Since',
  { label: 'Action', align: 'end', hidden: true },
];

/**
 * Admin Dashboard: addresses no longer mailed because they bounced permanently or marked our mail
 * as spam, with a way to mail one again once its owner fixed the mailbox.
 */
export function SuppressedAddressesCard() {
  // The newest first, a page at a time (the server's default page; Load more follows X-Next-Cursor).
  const { data, error, mutate, hasMore, loadMore, loadingMore } = usePagedArray<SuppressedAddress>(PATH);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  async function lift(email: string) {
    setBusy(email);
    setNotice(null);
    try {
      const res = await api.post<{ message: string }>(`${PATH}/lift`, { email });
      setNotice({ ok: true, text: `${email}: ${res.message}` });
      await mutate();
    } catch (err) {
      setNotice({ ok: false, text: errorText(err, 'Failed to lift the suppression') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Box as="section" borderWidth="1px" borderRadius="xl" p="5" aria-labelledby="suppressed-addresses-title">
      <Heading as="h2" size="md" id="suppressed-addresses-title" mb="2">
        Suppressed e-mail addresses
      </Heading>
      <Text fontSize="sm" color="gray.600" mb="3">
        Addresses that bounced permanently or marked our mail as spam receive no more mail.
      </Text>
      {notice ? (
        <Text role="status" color={notice.ok ? 'green.700' : 'red.700'} mb="2">
          {notice.text}
        </Text>
      ) : null}
      {error ? (
        <Text color="red.700">{errorText(error, 'Failed to load suppressed addresses')}</Text>
      ) : !data ? (
        <Text color="gray.600">Loading…</Text>
      ) : data.length === 0 ? (
        <Text data-testid="suppressed-none">No suppressed addresses.</Text>
      ) : (
        <DataTable label="Suppressed addresses" columns={SUPPRESSED_COLUMNS}>
          {data.map((s) => (
            <Table.Row key={s.email}>
              <Table.Cell>{s.email}</Table.Cell>
              <Table.Cell title={s.detail}>
                {reasonLabel[s.reason]}{' '}
                <Text as="span" color="gray.600">
                  ({s.detail})
                </Text>
              </Table.Cell>
              <Table.Cell>{formatDate(s.suppressed_at, 'minutes')}</Table.Cell>
              <Table.Cell textAlign="end">
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Lift ${s.email}: mail it again`}
                  loading={busy === s.email}
                  onClick={() => void lift(s.email)}
                >
                  Lift
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}
      {hasMore ? (
        <Button size="sm" variant="outline" mt="3" loading={loadingMore} onClick={() => void loadMore()}>
          Load more suppressed addresses
        </Button>
      ) : null}
    </Box>
  );
}
