import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ErrorText } from '../forms/FormField';
import { Button } from './Button';
import { Spinner } from './Spinner';

/** A centred message area: the error, empty and "not for you" states of the screens. */
export const StatePanel = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(8)} ${theme.space(4)}`};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  p {
    margin: 0;
  }
`;

/** Something could not be loaded: the reason and a Retry button (disabled while the retry is on its way). */
export function LoadError({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry: () => unknown;
  retrying?: boolean;
}) {
  return (
    <StatePanel>
      <ErrorText role="alert">{message}</ErrorText>
      <Button type="button" $variant="secondary" onClick={() => onRetry()} disabled={retrying}>
        Retry
      </Button>
    </StatePanel>
  );
}

/** The part of an RTK Query list hook's result that ListState reads. */
export interface ListQuery<T> {
  data?: T[];
  isLoading: boolean;
  isError: boolean;
  isFetching?: boolean;
  error?: unknown;
  refetch: () => unknown;
}

export interface ListStateProps<T> {
  query: ListQuery<T>;
  /** The items to show when the screen narrows or sorts the data (default: `query.data`). */
  items?: T[];
  /** Accessible name of the spinner: 'Loading classes'. */
  loadingLabel: string;
  /** The error sentence, or how to make it from the error (e.g. with `apiErrorMessage`/`loadErrorText`). */
  errorText: string | ((error: unknown) => string);
  /** What an empty list says. */
  emptyText: ReactNode;
  /** Optional action under the empty text (e.g. a link button to where items are made). */
  emptyAction?: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** Every list's states, alike in all remotes: spinner, readable error with Retry, empty message, then the items. */
export function ListState<T>({
  query,
  items = query.data,
  loadingLabel,
  errorText,
  emptyText,
  emptyAction,
  children,
}: ListStateProps<T>) {
  const { isLoading, isError, isFetching = false, error, refetch } = query;
  const settled = !isLoading && (isError || Boolean(items));
  // A retry after an error is loading again, so the spinner wins over a stale error.
  if (!settled) return <Spinner label={loadingLabel} />;
  if (isError || !items) {
    return (
      <LoadError
        message={typeof errorText === 'function' ? errorText(error) : errorText}
        onRetry={refetch}
        retrying={isFetching}
      />
    );
  }
  if (items.length === 0) {
    return (
      <StatePanel>
        <p>{emptyText}</p>
        {emptyAction}
      </StatePanel>
    );
  }
  return <>{children(items)}</>;
}
