import type { ReactNode } from 'react';
import styled from 'styled-components';

/**
 * A row's main cell: its name, then the row's secondary details (`CellDetail`: for whom, when it starts, a calendar
 * link), each on a line of its own, all in this one cell, so they are read with it and stay in its value column
 * when the row is a card.
 */
export function MainCell({ label, name, children }: { label: string; name: ReactNode; children?: ReactNode }) {
  return (
    <td data-label={label} data-main>
      {name}
      {children}
    </td>
  );
}

/** One secondary detail under a main cell's name, on a line of its own; `$strong` for whom it is. */
export const CellDetail = styled.span<{ $strong?: boolean }>`
  display: block;
  margin-top: ${({ theme }) => theme.space(1)};
  ${({ theme, $strong }) =>
    $strong ? `font-weight: 600; color: ${theme.colors.text};` : `font-size: 0.9rem; color: ${theme.colors.muted};`}
`;

/**
 * A row's actions (buttons, or links shaped as buttons): side by side in the table; at the end of the card, each the
 * card's full width, when the row is stacked. Its label is the column's name, read in the table and not shown on the
 * card, where the buttons say what they do.
 */
export function ActionCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td data-label={label} data-actions>
      <div>{children}</div>
    </td>
  );
}

/**
 * A value that is words or one long token (a name, or the e-mail that stands for a person without one): words wrap
 * between them; a token with nowhere to wrap is kept on one line, cut with an ellipsis, whole in its title.
 */
export function CellText({ text }: { text: string }) {
  return /\s/.test(text.trim()) ? (
    <>{text}</>
  ) : (
    <span title={text} data-word>
      {text}
    </span>
  );
}
