import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Spinner } from '@sportify/shared-ui';

const Message = styled.div<{ $error?: boolean }>`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(6)};
  text-align: center;
  p { margin: 0; color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.muted)}; }
`;

export interface ListStateProps {
  isLoading: boolean;
  isError: boolean;
  /** True while a retry is on its way (the Retry button waits for it). */
  isFetching: boolean;
  isEmpty: boolean;
  loadingLabel: string;
  errorText: string;
  emptyText: string;
  onRetry: () => void;
  /** The list itself, rendered only once there is something to show. */
  children: ReactNode;
}

/** Loading, error-with-Retry and empty states around an admin list, so both lists behave the same. */
export function ListState({ isLoading, isError, isFetching, isEmpty, loadingLabel, errorText, emptyText, onRetry, children }: ListStateProps) {
  if (isLoading) return <Spinner label={loadingLabel} />;
  if (isError) {
    return (
      <Message $error>
        <p role="alert">{errorText}</p>
        <Button type="button" onClick={onRetry} disabled={isFetching}>Retry</Button>
      </Message>
    );
  }
  if (isEmpty) return <Message><p>{emptyText}</p></Message>;
  return <>{children}</>;
}
