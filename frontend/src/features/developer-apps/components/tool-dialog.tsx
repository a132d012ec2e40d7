import { Box, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuClock } from 'react-icons/lu';
import { AppDialog } from '@/components/ui/app-dialog';
import type { DataColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';

/** The frame of the per-app tools (analytics, webhooks, test event, webhook logs): the app's name under the title. */
export function ToolDialog({
  title,
  appName,
  onClose,
  children,
  footer,
  size = 'lg',
}: {
  title: string;
  appName: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
}) {
  return (
    <AppDialog
      title={title}
      subtitle={appName}
      onClose={onClose}
      footer={footer}
      size={{ base: 'full', md: size }}
      scrollBehavior="inside"
    >
      <Box pb="2">{children}</Box>
    </AppDialog>
  );
}

/** What a tool shows while its API answers 501 (a later release builds it). */
export function NotAvailableYet({ what }: { what: string }) {
  return (
    <EmptyState
      icon={<LuClock />}
      title="Not available yet"
      description={`${what} will be available in an upcoming release of the developer portal.`}
    />
  );
}

/** A tool's table: a bordered scroll area, the named table and its header row; the caller renders the rows. */
export function ToolTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: readonly DataColumn[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
              ) : (
                <Table.ColumnHeader key={column.label} textAlign={column.align}>
                  {column.label}
                </Table.ColumnHeader>
              ),
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
