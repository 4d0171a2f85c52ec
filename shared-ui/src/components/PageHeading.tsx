import styled from 'styled-components';

/** The h2 every screen starts with (the spec's heading text). */
export const PageHeading = styled.h2`
  text-align: center;
  font-size: 1.75rem;
  margin: ${({ theme }) => `${theme.space(8)} 0 ${theme.space(6)}`};
  color: ${({ theme }) => theme.colors.primaryDark};
`;
