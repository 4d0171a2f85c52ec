import styled from 'styled-components';

/** '24 of 162 classes', announced politely to screen readers when it changes. */
export function ResultCount({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  return <Count role="status" aria-live="polite">{`${shown} of ${total} ${noun}`}</Count>;
}

const Count = styled.p`
  /* The same side space as CardGrid and TableScroll, so the count lines up with the list's left edge. */
  margin: ${({ theme }) => `0 ${theme.space(4)} ${theme.space(4)}`};
  color: ${({ theme }) => theme.colors.muted};
`;
