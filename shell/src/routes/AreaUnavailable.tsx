import styled from 'styled-components';
import { Button } from '@sportify/shared-ui';

const Panel = styled.div`
  max-width: 560px;
  margin: ${({ theme }) => `${theme.space(10)} auto`};
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  h1 {
    margin-top: 0;
  }
`;

/** Shown in place of a screen whose remote cannot be loaded; the rest of the site keeps working. */
export function AreaUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Panel role="alert">
      <h1>This area is unavailable</h1>
      <p>This part of Sportify Camp cannot be reached right now. The rest of the site still works.</p>
      <Button type="button" onClick={onRetry}>
        Retry
      </Button>
    </Panel>
  );
}
