import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span`
  display: inline-block;
  width: 40px;
  height: 40px;
  border: 4px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space(10)};
`;

/** Accessible loading indicator: a status region with a label, centred in its area. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Center role="status" aria-label={label}>
      <Ring aria-hidden="true" />
    </Center>
  );
}
