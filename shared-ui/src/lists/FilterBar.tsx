import styled from 'styled-components';

/**
 * The row of a list's search and filter controls: as many columns as fit, each at least `$min` wide. A form (so
 * Enter in a field works as users expect) that never submits: every control applies itself.
 */
export const FilterBar = styled.form.attrs({ onSubmit: (e: { preventDefault: () => void }) => e.preventDefault() })<{
  $min?: string;
}>`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $min = '180px' }) => $min}), 1fr));
  align-items: end;
  margin: ${({ theme }) => `0 ${theme.space(4)} ${theme.space(4)}`};
`;
