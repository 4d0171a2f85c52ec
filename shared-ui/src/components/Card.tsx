import styled from 'styled-components';
import { media } from '../theme/theme';

export const Card = styled.article<{ $danger?: boolean }>`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadow};
  background: ${({ theme, $danger }) => ($danger ? theme.colors.dangerSurface : theme.colors.surface)};
`;

export const CardBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(4)};
  flex: 1;
  h2,
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1.17rem;
  }
  p {
    margin: 0;
  }
`;

/** Card grid: 1 column on small screens, 2 on medium, 3 on extra large (docs/product.md §9). */
export const CardGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  grid-template-columns: 1fr;
  padding: 0 ${({ theme }) => theme.space(4)};
  ${media.md} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.xl} {
    grid-template-columns: repeat(3, 1fr);
  }
`;
