import { Box, Button, Field, HStack, Input, SimpleGrid, Stack, Table, Text, type TextProps } from '@chakra-ui/react';
import type { AuditEntry } from '@shared/schemas/audit';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LuChevronLeft, LuChevronRight, LuRefreshCw, LuShieldCheck } from 'react-icons/lu';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { panelStyle } from '@/components/ui/surfaces';
import { type AuditFilters, useAuditPage } from '../api/get-audit';

const COLUMNS = ['Time (UTC)', 'Who', 'Action', 'Object', 'Client address', 'Changes'];

const show = (v: unknown): string =>
  v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

/** "is_approved: false → true" per changed field. */
export function changeLines(entry: Pick<AuditEntry, 'changes'>): string[] {
  return Object.entries(entry.changes).map(([field, c]) => `${field}: ${show(c.before)} → ${show(c.after)}`);
}

const FIELDS: Array<{ key: keyof AuditFilters; label: string; placeholder?: string; type?: string }> = [
  { key: 'actor', label: 'Who (e-mail)', placeholder: 'admin@example.com' },
  { key: 'action', label: 'Action', placeholder: 'app.approve' },
  { key: 'target_id', label: 'Object id' },
  { key: 'from', label: 'From', type: 'date' },
  { key: 'to', label: 'To', type: 'date' },
];

/**
 * System Logs > Audit: who did what to which object, when and from where, newest first, paged
 * on the server (a cursor per page; Previous goes back through the cursors seen). Read only.
 */
/** A cell with a main line and, under it when there is one, a smaller grey line (the actor's role, the object's id). */
function TwoLineCell({
  main,
  sub,
  subProps,
  ...cell
}: Table.CellProps & { main: ReactNode; sub?: ReactNode; subProps?: TextProps }) {
  return (
    <Table.Cell {...cell}>
      <Text fontSize="sm">{main}</Text>
      {sub && (
        <Text fontSize="xs" color="gray.600" {...subProps}>
          {sub}
        </Text>
      )}
    </Table.Cell>
  );
}

export function AuditLog() {
  const [draft, setDraft] = useState<AuditFilters>({});
  const [filters, setFilters] = useState<AuditFilters>({});
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const { data, error, isLoading, isValidating, mutate } = useAuditPage(filters, cursor);
  const entries = data?.entries ?? [];

  function apply(e: FormEvent) {
    e.preventDefault();
    setFilters({ ...draft });
    setCursors([null]);
  }

  return (
    <Stack gap="0">
      <PageHeader
        title="Audit Trail"
        description={`Every admin action and every developer action on API keys and webhooks: who, what, on which object, when and from which address, with the fields that changed. Secrets are never recorded.${data ? ` Entries are kept for ${data.retention_days} days.` : ''}`}
        actions={
          <Button variant="outline" onClick={() => mutate()} loading={isValidating && !isLoading} bg="white">
            <LuRefreshCw /> Refresh
          </Button>
        }
      />

      <Box as="form" mb="4" onSubmit={apply} {...panelStyle} p="4">
        <SimpleGrid columns={{ base: 1, md: 3, lg: 6 }} gap="3" alignItems="end">
          {FIELDS.map((f) => (
            <Field.Root key={f.key}>
              <Field.Label>{f.label}</Field.Label>
              <Input
                size="sm"
                type={f.type ?? 'text'}
                placeholder={f.placeholder}
                value={draft[f.key] ?? ''}
                onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
              />
            </Field.Root>
          ))}
          <Button type="submit" size="sm" colorPalette="brand">
            Filter
          </Button>
        </SimpleGrid>
      </Box>

      {error ? (
        <LoadError error={error} fallback="Failed to load the audit trail" />
      ) : data && entries.length === 0 ? (
        <EmptyState icon={<LuShieldCheck />} title="No audit entries found." />
      ) : (
        <DataTable
          label="Audit trail"
          columns={COLUMNS}
          loading={isLoading && !data}
          scrollLabel="Audit entries (scrollable)"
        >
          {entries.map((e) => (
            <Table.Row key={e.id} data-testid={`audit-row-${e.id}`}>
              <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                {e.at.slice(0, 19).replace('T', ' ')}
              </Table.Cell>
              <TwoLineCell main={e.actor_email} sub={e.actor_role} />
              <Table.Cell fontFamily="mono" fontSize="xs">
                {e.action}
              </Table.Cell>
              <TwoLineCell
                maxW="64"
                main={e.target_label ?? e.target_type}
                sub={e.target_id && `${e.target_type} ${e.target_id}`}
                subProps={{ fontFamily: 'mono', truncate: true, title: e.target_id ?? undefined }}
              />
              <Table.Cell fontFamily="mono" fontSize="xs">
                {e.client_ip}
              </Table.Cell>
              <Table.Cell maxW="md">
                {changeLines(e).map((line) => (
                  <Text key={line} fontSize="xs" fontFamily="mono" wordBreak="break-all">
                    {line}
                  </Text>
                ))}
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}

      {(cursors.length > 1 || data?.next_cursor) && (
        <HStack justify="space-between" mt="4" as="nav" aria-label="Audit trail pages">
          <Button
            size="sm"
            variant="outline"
            bg="white"
            disabled={cursors.length <= 1}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            <LuChevronLeft /> Newer
          </Button>
          <Text fontSize="sm" color="gray.600" aria-live="polite">
            Page {cursors.length}
          </Text>
          <Button
            size="sm"
            variant="outline"
            bg="white"
            disabled={!data?.next_cursor}
            onClick={() => data?.next_cursor && setCursors([...cursors, data.next_cursor])}
          >
            Older <LuChevronRight />
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
