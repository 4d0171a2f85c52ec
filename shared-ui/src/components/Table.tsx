import styled from 'styled-components';

/** Data table look; write plain thead/tbody/tr/th/td inside. Wrap in TableScroll on narrow screens. */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  th, td {
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: middle;
  }
  th { background: ${({ theme }) => theme.colors.background}; font-weight: 600; }
  img { width: 48px; height: 48px; border-radius: ${({ theme }) => theme.radius.md}; object-fit: cover; }
`;

export const TableScroll = styled.div`
  overflow-x: auto;
  padding: 0 ${({ theme }) => theme.space(4)};
`;
