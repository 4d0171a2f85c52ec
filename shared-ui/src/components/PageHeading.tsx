import styled from 'styled-components';

/**
 * The h1 every screen starts with (its heading text, docs/product.md §2); `as="h2"` for a section's heading. The shell moves focus
 * to a screen's h1 after a navigation (tabIndex -1 makes it focusable without entering the tab order).
 */
export const PageHeading = styled.h1`
  text-align: center;
  font-size: 1.75rem;
  margin: ${({ theme }) => `${theme.space(8)} 0 ${theme.space(6)}`};
  color: ${({ theme }) => theme.colors.primaryDark};
`;
