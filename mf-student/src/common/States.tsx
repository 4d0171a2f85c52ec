import type { ReactNode } from 'react';
import { Link } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { Button, ErrorText } from '@sportify/shared-ui';

// Loading, error and empty panels of the student screens (shared-ui has the Spinner but no error/empty panels).

const Panel = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  p { margin: 0; }
`;

/** A list that could not be loaded: the reason and a Retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Panel>
      <ErrorText role="alert">{message}</ErrorText>
      <Button type="button" $variant="secondary" onClick={onRetry}>Retry</Button>
    </Panel>
  );
}

/** Nothing to show yet: says so and points to the classes. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Panel>
      <p>{children}</p>
      <Button as={Link} to="/classes">Browse classes</Button>
    </Panel>
  );
}

/** Admins and instructors reach these routes through the dashboard but have nothing here. */
export function StudentsOnly() {
  return (
    <Panel>
      <p>This page is for students: only student accounts select and pay for classes.</p>
    </Panel>
  );
}
