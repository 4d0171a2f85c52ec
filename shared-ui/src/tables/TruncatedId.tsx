import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, VisuallyHidden } from '@sportify/shared-ui';

// How many of the id's last characters always show: enough to tell two ids apart at a glance.
const TAIL = 6;
// How long "Copied" stays beside the button.
const SAID_MS = 2000;

// One styled box for the whole part (a table holds one per row): the id's start, cut with an ellipsis, and its end,
// whole, at most 16 characters wide; then the Copy button and what it said.
const Box = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  max-width: 100%;
  code {
    display: inline-flex;
    min-width: 0;
    max-width: 100%;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.875rem;
  }
  [data-shown] {
    display: inline-flex;
    min-width: 0;
    max-width: 16ch;
    white-space: nowrap;
  }
  [data-head] {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  [data-tail] {
    flex: none;
  }
  button {
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    font-size: 0.85rem;
  }
  /* Always there (empty until a copy), so screen readers announce what it says. */
  [role='status'] {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

/**
 * A long id (a transaction id) in little room: its start and its end with an ellipsis between (the whole id in the
 * title), the whole id for screen readers, and a Copy button that copies it, named by `copyLabel` (what it copies,
 * e.g. 'Copy transaction id of Swimming Lessons').
 */
export function TruncatedId({ value, copyLabel }: { value: string; copyLabel: string }) {
  const [said, setSaid] = useState<'' | 'Copied' | 'Could not copy'>('');

  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), SAID_MS);
    return () => clearTimeout(timer);
  }, [said]);

  const copy = async () => {
    try {
      // The clipboard API exists only in a secure context (https, or localhost); elsewhere the button says so.
      await navigator.clipboard.writeText(value);
      setSaid('Copied');
    } catch {
      setSaid('Could not copy');
    }
  };

  const cut = value.length > TAIL ? value.length - TAIL : value.length;
  return (
    <Box>
      <code title={value}>
        <span data-shown aria-hidden="true">
          <span data-head>{value.slice(0, cut)}</span>
          <span data-tail>{value.slice(cut)}</span>
        </span>
        <VisuallyHidden>{value}</VisuallyHidden>
      </code>
      <Button type="button" $variant="secondary" aria-label={copyLabel} onClick={() => void copy()}>
        Copy
      </Button>
      <span role="status">{said}</span>
    </Box>
  );
}
