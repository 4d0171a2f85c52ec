import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';
import { ListState, type ListQuery } from './ListState';

const loading: ListQuery<string> = { isLoading: true, isError: false, refetch: () => undefined };
const loaded = (data: string[]): ListQuery<string> => ({ data, isLoading: false, isError: false, refetch: () => 0 });

function List({ query }: { query: ListQuery<string> }) {
  return (
    <ListState query={query} loadingLabel="Loading classes" errorText="Classes could not be loaded" emptyText="None">
      {(items) => items.map((item) => <article key={item}>{item}</article>)}
    </ListState>
  );
}
const wrap = (children: ReactNode) => <ThemeProvider theme={theme}>{children}</ThemeProvider>;

describe('ListState', () => {
  it('shows a spinner while loading, then the items with no wrapper of its own', () => {
    const { rerender, container } = render(wrap(<List query={loading} />));
    expect(screen.getByRole('status', { name: 'Loading classes' })).toBeInTheDocument();
    rerender(wrap(<List query={loaded(['Soccer', 'Tennis'])} />));
    expect(screen.getAllByRole('article').map((a) => a.textContent)).toEqual(['Soccer', 'Tennis']);
    expect(screen.getAllByRole('article')[0].parentElement).toBe(container);
  });

  it('says when the list is empty, and shows the error with a Retry that refetches', async () => {
    const { rerender } = render(wrap(<List query={loaded([])} />));
    expect(screen.getByText('None')).toBeInTheDocument();
    const refetch = jest.fn();
    rerender(wrap(<List query={{ isLoading: false, isError: true, refetch }} />));
    expect(screen.getByRole('alert')).toHaveTextContent('Classes could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
