import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders } from '@/testing/table';
import { DataTable, type RowColumn } from './data-table';
import { getSystem } from './system';

interface Row {
  id: string;
  name: string;
  count: number;
}

const COLUMNS: RowColumn<Row>[] = [
  { label: 'Name', cell: (row) => row.name, cellProps: { 'data-page-focus': '', tabIndex: -1 } },
  { label: 'Count', cell: (row) => row.count * 2 },
  { label: 'Actions', align: 'end', hidden: true, cell: (row) => <button type="button">Open {row.name}</button> },
];

const table = (rows: Row[]) =>
  render(
    <ChakraProvider value={getSystem()}>
      <DataTable label="Things" columns={COLUMNS} rows={rows} rowTestId={(row) => `thing-${row.id}`} />
    </ChakraProvider>,
  );

describe('DataTable with columns that render their cells', () => {
  it('renders each row with one cell per heading, in the headings’ order', () => {
    table([
      { id: 'a', name: 'Alpha', count: 1 },
      { id: 'b', name: 'Beta', count: 2 },
    ]);
    expect(columnHeaders()).toEqual(['Name', 'Count', 'Actions']);
    const cells = within(screen.getByTestId('thing-b')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['Beta', '4', 'Open Beta']);
    expect(screen.getByTestId('thing-a')).toBeTruthy();
  });

  it('gives every cell of a column its props and alignment', () => {
    table([{ id: 'a', name: 'Alpha', count: 1 }]);
    const [name, , actions] = within(screen.getByTestId('thing-a')).getAllByRole('cell');
    expect(name?.getAttribute('data-page-focus')).toBe('');
    expect(name?.tabIndex).toBe(-1);
    expect(actions && getComputedStyle(actions).textAlign).toBe('end');
  });

  it('renders no row for an empty list', () => {
    table([]);
    expect(screen.queryAllByRole('cell')).toEqual([]);
  });
});
