import { useCallback, useEffect } from 'react';
import styled from 'styled-components';
import { Button } from '../components/Button';
import type { Paged } from './paged';
import { useUrlQuery } from './useUrlQuery';

/** The page numbers to show: first, last, and two either side of the current one; 0 marks a gap. */
export function pageNumbers(page: number, pages: number): number[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1] > 1 ? [0, n] : [n]));
}

interface PaginationProps {
  page: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  /** What the pages are of, for the landmark's name ('Classes pages'). */
  label: string;
}

/** Prev / page numbers / Next; the current page is marked with aria-current. Nothing when it all fits on one page. */
export function Pagination({ page, total, limit, onPage, label }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1 && page <= 1) return null;
  return (
    <Nav aria-label={label}>
      <Button type="button" $variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <ol>
        {pageNumbers(Math.min(page, pages), pages).map((n, i) =>
          n === 0 ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Button
                type="button"
                $variant={n === page ? 'primary' : 'secondary'}
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                onClick={() => n !== page && onPage(n)}
              >
                {n}
              </Button>
            </li>
          ),
        )}
      </ol>
      <Button type="button" $variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Nav>
  );
}

/**
 * Pagination of a list whose page lives in the URL (useUrlQuery's `page`), under the list: nothing before the first
 * answer. A page past the end (its last row removed, or an old link) moves to the last page that has rows.
 */
export function UrlPagination({ data, label }: { data: Paged<unknown> | undefined; label: string }) {
  const { page, set } = useUrlQuery();
  const goTo = useCallback((to: number) => set({ page: to > 1 ? String(to) : undefined }), [set]);
  const last = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const pastEnd = Boolean(data && data.items.length === 0 && data.page > last);
  useEffect(() => {
    if (pastEnd) goTo(last);
  }, [pastEnd, last, goTo]);
  if (!data) return null;
  return <Pagination label={label} page={page} total={data.total} limit={data.limit} onPage={goTo} />;
}

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => `${theme.space(6)} 0`};
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(1)};
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    display: flex;
    align-items: center;
  }
  li button {
    min-width: 2.5rem;
    padding-inline: ${({ theme }) => theme.space(2)};
  }
`;
