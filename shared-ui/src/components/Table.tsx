import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

/** Each row as a card: the column names hidden (still read), every cell's `data-label` shown before its value. */
const stacked = css`
  thead {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  tbody,
  tr,
  td {
    display: block;
  }
  tr {
    margin-bottom: ${({ theme }) => theme.space(4)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    overflow: hidden;
  }
  td {
    display: grid;
    grid-template-columns: minmax(6rem, 35%) minmax(0, 1fr);
    gap: ${({ theme }) => theme.space(3)};
    align-items: center;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  }
  td::before {
    content: attr(data-label);
    font-weight: 600;
  }
  td:last-child {
    border-bottom: 0;
  }
  [data-word] {
    max-width: 100%;
  }
`;

/**
 * Data table look; write plain thead/tbody/tr/th/td inside. Text wraps only between words: a column never gets
 * narrower than its longest word or price, and a table wider than its box scrolls inside TableScroll instead. With
 * `$stackBelow` (px, or 'always' for a table too wide for any dashboard), narrower screens show each row as a card:
 * give every td a `data-label` (its column's name), shown before the value.
 */
export const Table = styled.table<{ $stackBelow?: number | 'always' }>`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  th,
  td {
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: middle;
    overflow-wrap: normal;
    word-break: normal;
  }
  th {
    background: ${({ theme }) => theme.colors.background};
    font-weight: 600;
  }
  /*
   * An e-mail or a release version (data-word, with the whole text as title) is one word: kept whole on one line,
   * cut with an ellipsis where a phone's card is too narrow, never broken (browsers also break after a hyphen). So is
   * a row's name (a package such as mf-instructor).
   */
  [data-word] {
    display: block;
    max-width: 18rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  th[scope='row'] {
    white-space: nowrap;
  }
  img,
  [data-picture-fallback] {
    width: 48px;
    height: 48px;
    border-radius: ${({ theme }) => theme.radius.md};
    object-fit: cover;
  }
  ${({ $stackBelow }) =>
    $stackBelow === 'always'
      ? stacked
      : $stackBelow &&
        css`
          @media (max-width: ${$stackBelow - 0.02}px) {
            ${stacked}
          }
        `}
`;

export const TableScroll = styled.div`
  overflow-x: auto;
  padding: 0 ${({ theme }) => theme.space(4)};
`;

/**
 * A list's table: scrolls on narrow screens (or stacks its rows as cards below `stackBelow` px), named by the
 * screen's heading, one header cell per column name.
 */
export function DataTable({
  labelledBy,
  columns,
  stackBelow,
  children,
}: {
  labelledBy: string;
  columns: string[];
  stackBelow?: number | 'always';
  children: ReactNode;
}) {
  return (
    // Focusable, so keyboard users can scroll a table wider than the screen with the arrow keys; a group, not a
    // second landmark named like the screen's section.
    <TableScroll tabIndex={0} role="group" aria-labelledby={labelledBy}>
      <Table aria-labelledby={labelledBy} $stackBelow={stackBelow}>
        <thead>
          <tr>
            {columns.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </TableScroll>
  );
}
