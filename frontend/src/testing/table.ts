import { screen } from '@testing-library/react';

type Scope = Pick<typeof screen, 'getAllByRole'>;

/** The texts of a table's column headings, in order (within `scope`: a `within(table)`, else the whole screen). */
export const columnHeaders = (scope: Scope = screen): Array<string | null> =>
  scope.getAllByRole('columnheader').map((h) => h.textContent);
