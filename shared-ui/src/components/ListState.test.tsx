import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';
import type { ListQuery } from './ListState';

// The page as the server sent it: two lists rendered with their items. firstView.ts reads them when it first runs,
// as on the page (before React replaces the server's HTML), so ListState is loaded only after the page is set up.
document.body.innerHTML =
  '<div data-first-view-part="classes"><article>Soccer (server)</article></div>' +
  '<div data-first-view-part="people"><article>Jordan (server)</article></div>';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ListState } = require('./ListState') as typeof import('./ListState');
document.body.innerHTML = '';

const loading: ListQuery<string> = { isLoading: true, isError: false, refetch: () => undefined };
const loaded = (data: string[]): ListQuery<string> => ({ data, isLoading: false, isError: false, refetch: () => 0 });

function List({ query, firstView }: { query: ListQuery<string>; firstView?: string }) {
  return (
    <ListState
      query={query}
      loadingLabel="Loading classes"
      errorText="Classes could not be loaded"
      emptyText="None"
      firstView={firstView}
    >
      {(items) => items.map((item) => <article key={item}>{item}</article>)}
    </ListState>
  );
}
const wrap = (children: ReactNode) => <ThemeProvider theme={theme}>{children}</ThemeProvider>;

describe('ListState with a server-rendered first view', () => {
  it("shows the server's items while the first page loads, then its own, and a spinner on later loads", () => {
    const { rerender } = render(wrap(<List query={loading} firstView="classes" />));
    expect(screen.getByRole('article')).toHaveTextContent('Soccer (server)');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('article').parentElement).toHaveAttribute('aria-busy', 'true');

    rerender(wrap(<List query={loaded(['Soccer', 'Tennis'])} firstView="classes" />));
    expect(screen.getAllByRole('article').map((a) => a.textContent)).toEqual(['Soccer', 'Tennis']);
    // The same marked, box-less wrapper the server rendered: the hand-over moves nothing.
    expect(screen.getAllByRole('article')[0].parentElement).toHaveAttribute('data-first-view-part', 'classes');

    // Shown once: loading again (a later visit) is the usual spinner.
    rerender(wrap(<List query={loading} firstView="classes" />));
    expect(screen.getByRole('status', { name: 'Loading classes' })).toBeInTheDocument();
    expect(screen.queryByText('Soccer (server)')).not.toBeInTheDocument();
  });

  it('shows a spinner for lists the server did not render, lists without a name, and on another URL', () => {
    const { unmount } = render(wrap(<List query={loading} firstView="instructors" />));
    expect(screen.getByRole('status', { name: 'Loading classes' })).toBeInTheDocument();
    unmount();
    const plain = render(wrap(<List query={loaded(['Soccer'])} />));
    expect(screen.getByRole('article').parentElement).not.toHaveAttribute('data-first-view-part');
    plain.unmount();

    window.history.pushState({}, '', '/classes');
    const other = render(wrap(<List query={loading} firstView="people" />));
    expect(screen.getByRole('status', { name: 'Loading classes' })).toBeInTheDocument();
    other.unmount();
    window.history.pushState({}, '', '/');
    render(wrap(<List query={loading} firstView="people" />));
    expect(screen.getByRole('article')).toHaveTextContent('Jordan (server)');
  });
});
