import { Box, Skeleton, Table } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import { panelStyle } from './surfaces';

/**
 * A column heading; `end` aligns it (and, by convention, its cells) to the right, e.g. Actions;
 * `hidden` keeps the heading for screen readers only (a column of buttons that name themselves).
 */
export type DataColumn = string | { label: string; align?: 'end'; width?: string; hidden?: boolean };

/**
 * A column that also renders its cell of each row, so a heading, its width and its cells are
 * written in one place and cannot drift apart: the table renders the rows it is given (`rows`).
 */
export interface RowColumn<T> {
  label: string;
  align?: 'end';
  width?: string;
  hidden?: boolean;
  cell: (row: T) => ReactNode;
  /** Props of each of its cells, `data-*` attributes among them. */
  cellProps?: Omit<Table.CellProps, 'children'> & { [attribute: `data-${string}`]: string };
}

const labelOf = (column: DataColumn | RowColumn<never>) => (typeof column === 'string' ? column : column.label);
const isRowColumn = <T,>(column: DataColumn | RowColumn<T>): column is RowColumn<T> =>
  typeof column !== 'string' && 'cell' in column;

/** A fitted table: fixed shares of the width (the columns' `width`s); long names and e-mails wrap. */
const FITTED: Omit<Table.RootProps, 'children'> = {
  tableLayout: 'fixed',
  w: 'full',
  css: { '& td, & th': { whiteSpace: 'normal' } },
};

/**
 * The admin and developer tables' frame: a bordered scroll area, the header row, skeleton rows
 * while the first page loads and one full-width row saying why the table is empty. Given `rows`
 * and columns that render their cells (RowColumn), it renders the rows (ColumnRows); a table whose
 * rows share a group of cells with another table (KeySummaryCells, DeliveryCells) renders its rows
 * as children instead. `scrollLabel` makes a wide table's scroll area focusable so it can be
 * scrolled with the keyboard. `fitted` fits the table to a laptop-wide window (1280 px) instead
 * of scrolling it.
 */
export function DataTable<T extends { id: string } = { id: string }>({
  label,
  columns,
  loading = false,
  skeletonRows = 5,
  empty,
  scrollLabel,
  fitted = false,
  rootProps,
  scrollProps,
  bodyRef,
  rows,
  rowTestId,
  children,
}: {
  label: string;
  columns: readonly (DataColumn | RowColumn<T>)[];
  loading?: boolean;
  skeletonRows?: number;
  /** Shown in one full-width row when set (pass it only when the loaded list is empty). */
  empty?: ReactNode;
  scrollLabel?: string;
  fitted?: boolean;
  rootProps?: Omit<Table.RootProps, 'children'>;
  scrollProps?: Omit<Table.ScrollAreaProps, 'children'>;
  /** The body, for a paged table that moves focus to the first row of a page it loads (usePagedList). */
  bodyRef?: Ref<HTMLTableSectionElement>;
  /** The rows, each cell rendered by its column's `cell` (a column without one leaves its cell empty). */
  rows?: readonly T[];
  rowTestId?: (row: T) => string;
  children?: ReactNode;
}) {
  return (
    <Table.ScrollArea
      {...panelStyle}
      {...(scrollLabel ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } : {})}
      {...scrollProps}
    >
      <Table.Root size="sm" aria-label={label} {...(fitted ? FITTED : {})} {...rootProps}>
        <Table.Header>
          <Table.Row bg="gray.50">
            {columns.map((column) => (
              <Table.ColumnHeader
                key={labelOf(column)}
                py="3"
                w={typeof column === 'string' ? undefined : column.width}
                textAlign={typeof column !== 'string' && column.align === 'end' ? 'end' : undefined}
              >
                {typeof column !== 'string' && column.hidden ? (
                  <Box as="span" srOnly>
                    {column.label}
                  </Box>
                ) : (
                  labelOf(column)
                )}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body ref={bodyRef}>
          {loading &&
            Array.from({ length: skeletonRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Table.Row key={i} aria-hidden>
                {columns.map((column) => (
                  <Table.Cell key={labelOf(column)}>
                    <Skeleton h="4" />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          {empty && (
            <Table.Row>
              <Table.Cell colSpan={columns.length} textAlign="center" py="10" color="gray.500">
                {empty}
              </Table.Cell>
            </Table.Row>
          )}
          {children}
          {rows && <ColumnRows columns={columns} rows={rows} rowTestId={rowTestId} />}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The rows of a table whose columns render their cells (RowColumn); a column without `cell` leaves its cell empty. */
export function ColumnRows<T extends { id: string }>({
  columns,
  rows,
  rowTestId,
}: {
  columns: readonly (DataColumn | RowColumn<T>)[];
  rows: readonly T[];
  rowTestId?: (row: T) => string;
}) {
  return rows.map((row) => (
    <Table.Row key={row.id} data-testid={rowTestId?.(row)}>
      {columns.map((column) => {
        const renders = isRowColumn(column) ? column : undefined;
        return (
          <Table.Cell
            key={labelOf(column)}
            textAlign={renders?.align === 'end' ? 'end' : undefined}
            {...renders?.cellProps}
          >
            {renders?.cell(row)}
          </Table.Cell>
        );
      })}
    </Table.Row>
  ));
}
