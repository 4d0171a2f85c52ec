import type { ReactNode } from 'react';
import styled from 'styled-components';

/** Data table look; write plain thead/tbody/tr/th/td inside. Wrap in TableScroll on narrow screens. */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  th, td {
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: middle;
  }
  th { background: ${({ theme }) => theme.colors.background}; font-weight: 600; }
  img { width: 48px; height: 48px; border-radius: ${({ theme }) => theme.radius.md}; object-fit: cover; }
`;

export const TableScroll = styled.div`
  overflow-x: auto;
  padding: 0 ${({ theme }) => theme.space(4)};
`;

/** A list's table: scrolls on narrow screens, named by the screen's heading, one header cell per column name. */
export function DataTable({ labelledBy, columns, children }: { labelledBy: string; columns: string[]; children: ReactNode }) {
  return (
    <TableScroll>
      <Table aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {columns.map((name) => (
              <th key={name} scope="col">{name}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </TableScroll>
  );
}
