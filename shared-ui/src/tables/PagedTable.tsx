import type { ReactNode } from 'react';
import {
  ListState,
  ResultCount,
  UrlPagination,
  type ListQuery,
  type ListStateProps,
  type Paged,
} from '@sportify/shared-ui';
import { DataTable } from './Table';

export interface PagedTableProps<T> extends Omit<ListStateProps<T>, 'query' | 'items' | 'children'> {
  /** An RTK Query hook's result for one page of the list. */
  query: Omit<ListQuery<T>, 'data'> & { data?: Paged<T> };
  /** What the rows are, for the count: '20 of 143 users'. */
  noun: string;
  /** The pagination landmark's name: 'Users pages'. */
  pagesLabel: string;
  /** The id of the screen's heading, which names the table. */
  labelledBy: string;
  columns: string[];
  stackBelow?: number | 'always';
  /** One row; `number` counts from 1 across pages (the '#' column). */
  row: (item: T, number: number) => ReactNode;
}

/**
 * A screen's paged table (the page kept in the URL with useUrlQuery): the count, the list's loading, error and
 * empty states, the table and the pages under it.
 */
export function PagedTable<T>({
  query,
  noun,
  pagesLabel,
  labelledBy,
  columns,
  stackBelow,
  row,
  ...states
}: PagedTableProps<T>) {
  const { data } = query;
  const first = data ? (data.page - 1) * data.limit + 1 : 1;
  return (
    <>
      {data && <ResultCount shown={data.items.length} total={data.total} noun={noun} />}
      <ListState {...states} query={{ ...query, data: data?.items }}>
        {(items) => (
          <DataTable labelledBy={labelledBy} columns={columns} stackBelow={stackBelow}>
            {items.map((item, index) => row(item, first + index))}
          </DataTable>
        )}
      </ListState>
      <UrlPagination data={data} label={pagesLabel} />
    </>
  );
}
