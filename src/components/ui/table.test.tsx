import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Table, cellClass } from './table';

describe('Table', () => {
  it('is named by its caption and heads each column, hidden labels included', () => {
    render(
      <Table
        caption="Users (1)"
        columns={[
          { key: 'name', label: 'Name' },
          { key: 'actions', label: 'Actions', labelHidden: true },
        ]}
      >
        <tr>
          <td className={cellClass}>Ada</td>
          <td className={cellClass}>—</td>
        </tr>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Users (1)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Actions']);
    expect(within(table).getByRole('cell', { name: 'Ada' })).toBeInTheDocument();
  });
});
