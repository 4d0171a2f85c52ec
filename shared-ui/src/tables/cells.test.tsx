import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';
import { ActionCell, CellDetail, CellText, MainCell } from './cells';
import { DataTable } from './Table';

function renderTable() {
  render(
    <ThemeProvider theme={theme}>
      <h1 id="heading">My Enrolled Classes</h1>
      <DataTable labelledBy="heading" stackBelow={1100} columns={['Class Name', 'Price', 'Cancel']}>
        <tr>
          <MainCell label="Class Name" name="Swimming Lessons">
            <CellDetail $strong>For Lily Chen</CellDetail>
            <CellDetail>Starts Tue, Jul 6, 2027, 9:00 AM EDT</CellDetail>
            <CellDetail>
              <a href="/calendar.ics">Add to calendar</a>
            </CellDetail>
          </MainCell>
          <td data-label="Price">49.5$</td>
          <ActionCell label="Cancel">
            <button type="button">Cancel enrolment</button>
          </ActionCell>
        </tr>
      </DataTable>
    </ThemeProvider>,
  );
  return screen.getByRole('table', { name: 'My Enrolled Classes' });
}

describe('table cells', () => {
  it("keeps a row's secondary details in its main cell, so they are read with it", () => {
    const table = renderTable();
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(3);
    expect(cells[0]).toHaveAccessibleName(
      'Swimming Lessons For Lily Chen Starts Tue, Jul 6, 2027, 9:00 AM EDT Add to calendar',
    );
    expect(within(cells[0]).getByRole('link', { name: 'Add to calendar' })).toBeInTheDocument();
  });

  it('labels every cell with its column, actions included', () => {
    const table = renderTable();
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label),
    ).toEqual(['Class Name', 'Price', 'Cancel']);
    expect(
      within(within(row).getAllByRole('cell')[2]).getByRole('button', { name: 'Cancel enrolment' }),
    ).toBeInTheDocument();
  });

  it('keeps a one-token value (an e-mail for a name) whole in its title, and words as they are', () => {
    render(
      <table>
        <tbody>
          <tr>
            <th scope="row">
              <CellText text="camper1.52116b@students.sportify.camp" />
            </th>
            <td>
              <CellText text="Maximilian Featherstonehaugh Chen" />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    const header = screen.getByRole('rowheader', { name: 'camper1.52116b@students.sportify.camp' });
    expect(within(header).getByTitle('camper1.52116b@students.sportify.camp')).toHaveAttribute('data-word');
    const cell = screen.getByRole('cell', { name: 'Maximilian Featherstonehaugh Chen' });
    expect(within(cell).queryByTitle('Maximilian Featherstonehaugh Chen')).not.toBeInTheDocument();
  });
});
