import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, ErrorText, Spinner } from '@sportify/shared-ui';
import { loadErrorText } from './apiErrors';

// Loading, error and empty states of every public list, so the three screens behave alike.
// (shared-ui has the Spinner but no error/empty panel yet: candidates for hoisting.)

const Panel = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(8)} ${theme.space(4)}`};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  p { margin: 0; }
`;

/** The subset of an RTK Query hook result the view reads. */
export interface ListQuery<T> {
  data?: T[];
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface QueryViewProps<T> {
  query: ListQuery<T>;
  /** Start of the sentences: 'Popular classes' -> 'Loading popular classes', 'Popular classes could not be loaded'. */
  what: string;
  /** Shown when the list is empty. */
  empty: string;
  children: (items: T[]) => ReactNode;
}

/** Renders a list query: spinner, then the items, an empty message, or a readable error with Retry. */
export function QueryView<T>({ query, what, empty, children }: QueryViewProps<T>) {
  const { data, isLoading, isError, error, refetch } = query;
  // A retry after an error is loading again, so the spinner wins over a stale error.
  if (isLoading || (!isError && !data)) return <Spinner label={`Loading ${what.toLowerCase()}`} />;
  if (isError || !data) {
    return (
      <Panel>
        <ErrorText role="alert">{loadErrorText(what, error)}</ErrorText>
        <Button type="button" $variant="secondary" onClick={() => refetch()}>Retry</Button>
      </Panel>
    );
  }
  if (data.length === 0) return <Panel><p>{empty}</p></Panel>;
  return <>{children(data)}</>;
}
