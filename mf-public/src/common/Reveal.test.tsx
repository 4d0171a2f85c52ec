import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@sportify/shared-ui';
import { Reveal } from './Reveal';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;

// jsdom has no IntersectionObserver: a stand-in that lets the test scroll the element into view.
class FakeObserver {
  static last: FakeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: Callback) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

const renderReveal = () =>
  render(
    <ThemeProvider theme={theme}>
      <Reveal>
        <p>Card</p>
      </Reveal>
    </ThemeProvider>,
  );
const observer = () => FakeObserver.last as FakeObserver;
const box = () => screen.getByText('Card').parentElement as HTMLElement;

describe('Reveal', () => {
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('below the fold, waits hidden until the content scrolls into view, then plays the reveal once', () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    renderReveal();
    // Never hidden before the browser has said where the content is.
    expect(box()).toHaveAttribute('data-reveal', 'pending');
    expect(observer().observed).toEqual([box()]);

    act(() => observer().callback([{ isIntersecting: false }]));
    expect(box()).toHaveAttribute('data-reveal', 'waiting');
    act(() => observer().callback([{ isIntersecting: false }]));
    expect(box()).toHaveAttribute('data-reveal', 'waiting');
    act(() => observer().callback([{ isIntersecting: true }]));
    expect(box()).toHaveAttribute('data-reveal', 'shown');
    expect(observer().disconnected).toBe(true);
  });

  it('never hides content that arrives on screen', () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    renderReveal();
    act(() => observer().callback([{ isIntersecting: true }]));
    expect(box()).toHaveAttribute('data-reveal', 'static');
    expect(observer().disconnected).toBe(true);
  });

  it('simply shows the content where IntersectionObserver is missing', () => {
    renderReveal();
    expect(box()).toHaveAttribute('data-reveal', 'static');
    expect(screen.getByText('Card')).toBeVisible();
  });
});
