import styled from 'styled-components';

/** The card a dashboard form sits in (Add/Update Class, Feedback). */
export const FormCard = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 760px;
  margin: 0 auto ${({ theme }) => theme.space(8)};
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
`;
