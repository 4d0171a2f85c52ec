import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';
import { DebouncedInput, SEARCH_DEBOUNCE_MS } from './SearchBox';

/** A search box and a button, as on a list page; every commit and click in the order they happen. */
function Page({ events }: { events: string[] }) {
  const [value, setValue] = useState('');
  return (
    <ThemeProvider theme={theme}>
      <DebouncedInput
        label="Search classes"
        type="search"
        value={value}
        onCommit={(next) => {
          events.push(`commit ${next}`);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => events.push('click')}>
        Join waitlist
      </button>
    </ThemeProvider>
  );
}

afterEach(() => jest.useRealTimers());

describe('DebouncedInput', () => {
  it('commits once typing pauses, not on every key', async () => {
    jest.useFakeTimers();
    const events: string[] = [];
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Page events={events} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search classes' }), 'Tennis');
    expect(events).toEqual([]);
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(events).toEqual(['commit Tennis']);
  });

  it('commits at once when the user leaves the box for a button, before the button acts, and only once', async () => {
    jest.useFakeTimers();
    const events: string[] = [];
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Page events={events} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search classes' }), 'Tennis');
    await user.click(screen.getByRole('button', { name: 'Join waitlist' }));
    expect(events).toEqual(['commit Tennis', 'click']);
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(events).toEqual(['commit Tennis', 'click']);
  });

  it('commits on Enter, and leaving the box after that commits nothing more', async () => {
    const events: string[] = [];
    const user = userEvent.setup();
    render(<Page events={events} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search classes' }), 'Golf{Enter}');
    await user.tab();
    expect(events).toEqual(['commit Golf']);
  });

  it('keeps what the user typed after a commit when that commit arrives late; a change from outside still shows', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    // The URL as a router updates it: a moment after the commit, here when the test says so.
    const box = (value: string) => (
      <ThemeProvider theme={theme}>
        <DebouncedInput label="Search classes" type="search" value={value} onCommit={() => undefined} />
      </ThemeProvider>
    );
    const { rerender } = render(box(''));
    const input = screen.getByRole('searchbox', { name: 'Search classes' });
    await user.type(input, 'Vol');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await user.keyboard('l');
    rerender(box('Vol'));
    expect(input).toHaveValue('Voll');
    await user.keyboard('ey');
    expect(input).toHaveValue('Volley');

    rerender(box(''));
    expect(input).toHaveValue('');
  });
});
