import styled from 'styled-components';

export const AuthCard = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 460px;
  margin: 0 auto ${({ theme }) => theme.space(8)};
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
`;

export const FormGrid = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

export const Row = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

export const LinkButton = styled.button`
  background: none;
  border: 0;
  padding: 0;
  font: inherit;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
`;

/** 'OR' between the form and the social sign-in. */
export const OrDivider = styled.div.attrs({ role: 'separator', 'aria-label': 'OR' })`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
