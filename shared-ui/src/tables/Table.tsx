import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

/**
 * Where a dashboard's table shows as a table: at the site's full width (1200 px), where the screen's column beside
 * the side menu is 904 px wide, the width every dashboard table is made to fit; below, its rows are cards.
 */
export const DASHBOARD_STACK_BELOW = 1200;

// A stacked cell's label column: a third of the card, within bounds (cqi: the card is the container).
const LABEL = 'clamp(6rem, 32cqi, 11rem)';
const GAP = '12px';

/**
 * Each row as a card: the column names hidden (still read), every cell's `data-label` before its value. The label
 * floats in the cell's left padding, so whatever the cell holds (text, several lines, links, an id and its button)
 * stays in the value column beside it. Action cells (`ActionCell`) drop the label (their buttons say what they do)
 * and come last, their buttons the card's full width.
 */
const stacked = css`
  display: block;
  thead {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  tbody {
    display: block;
  }
  tr {
    display: flex;
    flex-direction: column;
    container-type: inline-size;
    margin-bottom: ${({ theme }) => theme.space(4)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    overflow: hidden;
  }
  tbody td,
  tbody th {
    display: flow-root;
    min-width: 0;
    max-width: none;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)} ${theme.space(2)}`}
      calc(${({ theme }) => theme.space(3)} + ${LABEL} + ${GAP});
    border-bottom: 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  tr > :first-child,
  [data-actions] + [data-actions] {
    border-top: 0;
  }
  tbody td::before,
  tbody th::before {
    content: attr(data-label);
    float: left;
    width: ${LABEL};
    margin-left: calc(-1 * (${LABEL} + ${GAP}));
    font-weight: 600;
  }
  tbody [data-actions] {
    order: 1;
    padding-left: ${({ theme }) => theme.space(3)};
  }
  [data-actions] + [data-actions] {
    padding-top: 0;
  }
  [data-actions]::before {
    content: none;
  }
  [data-actions] > div {
    flex-direction: column;
    align-items: stretch;
  }
  [data-actions] > div > * {
    width: 100%;
  }
  [data-word] {
    max-width: 100%;
  }
`;

/**
 * Data table look; write plain thead/tbody/tr/th/td inside. Text wraps only between words: a column never gets
 * narrower than its longest word or price, so long single tokens are cut instead: an e-mail or a version marked
 * `data-word` (with a `title`), an id in a `TruncatedId`. With `$stackBelow` (px, or 'always' for a table too wide
 * for any dashboard), narrower screens show each row as a card: give every td a `data-label` (its column's name).
 */
export const Table = styled.table<{ $stackBelow?: number | 'always' }>`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  th,
  td {
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(3)}`};
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
   * cut with an ellipsis where its column or a phone's card is too narrow, never broken (browsers also break after
   * a hyphen).
   */
  [data-word] {
    display: block;
    max-width: 16rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /* A row's main cell keeps room for a name of a few words a line, with its details under it. */
  [data-main] {
    min-width: 12rem;
  }
  [data-actions] > div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(2)};
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
 * A list's table: its rows stacked as cards below `stackBelow` px, named by the screen's heading, one header cell
 * per column name. Its box scrolls should a table still not fit.
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
