import styled from 'styled-components';

/** A family's cards (campers, messages): one column, centred, at reading width. */
export const CardList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 760px;
  margin: 0 auto;
  padding: 0;
  list-style: none;
`;

/** One card of a CardList; `$gap` spaces its lines. */
export const ListCard = styled.article<{ $gap: number }>`
  display: grid;
  gap: ${({ theme, $gap }) => theme.space($gap)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  h2 {
    margin: 0;
    font-size: 1.17rem;
  }
`;
