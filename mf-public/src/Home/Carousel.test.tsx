import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme } from '@sportify/shared-ui';
import { HomeCarousel } from './HomeCarousel';
import { SLIDES } from './slides';

const TITLES = SLIDES.map((slide) => slide.title);

const renderCarousel = (autoplay = false) =>
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>
        <HomeCarousel autoplay={autoplay} />
      </MemoryRouter>
    </ThemeProvider>,
  );

/** The one slide screen readers can reach (the hidden ones are aria-hidden and inert). */
const visibleSlide = () => screen.getByRole('group');
const expectSlide = (n: number) => expect(visibleSlide()).toHaveAccessibleName(`${n} of 6: ${TITLES[n - 1]}`);

describe('Home carousel', () => {
  it('shows the six slides in their order, one at a time, each with its link to the classes', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Camp highlights' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const all = screen.getAllByRole('group', { hidden: true });
    expect(all.map((slide) => within(slide).getByRole('heading', { hidden: true }).textContent)).toEqual([
      'Soccer Training',
      'Basketball Skills Development',
      'Tennis Camp',
      'Swimming Lessons',
      'Volleyball Clinic',
      'Baseball Skills Camp',
    ]);
    expectSlide(1);
    expect(
      all.slice(1).every((slide) => slide.getAttribute('aria-hidden') === 'true' && slide.hasAttribute('inert')),
    ).toBe(true);
    expect(within(visibleSlide()).getByRole('link', { name: 'See details about classes' })).toHaveAttribute(
      'href',
      '/classes',
    );
    // Only the visible slide's link is reachable.
    expect(screen.getAllByRole('link', { name: 'See details about classes' })).toHaveLength(1);
  });

  it('gives every slide a sized picture; only the first and its neighbours load now', () => {
    const { container } = renderCarousel();
    const images = [...container.querySelectorAll('img')];
    expect(images).toHaveLength(6);
    expect(images.every((img) => img.getAttribute('width') === '1600' && img.getAttribute('height') === '700')).toBe(
      true,
    );
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'lazy',
      'lazy',
      'lazy',
      'eager',
    ]);
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
  });

  it('moves with the arrows and wraps around at both ends', async () => {
    const user = userEvent.setup();
    renderCarousel();
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expectSlide(2);
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expectSlide(6);
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expectSlide(1);
  });

  it("renders on the server without a style attribute (the pages' policy refuses them)", () => {
    const html = renderToString(
      <ThemeProvider theme={theme}>
        <MemoryRouter>
          <HomeCarousel />
        </MemoryRouter>
      </ThemeProvider>,
    );
    expect(html).toContain('1 of 6');
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('jumps to a slide from its indicator, which then reads as current', async () => {
    const user = userEvent.setup();
    renderCarousel();
    const indicators = screen.getAllByRole('button', { name: /^Show slide/ });
    expect(indicators.map((b) => b.getAttribute('aria-label'))).toEqual(
      TITLES.map((t, i) => `Show slide ${i + 1}: ${t}`),
    );
    expect(indicators[0]).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Show slide 4: Swimming Lessons' }));
    expectSlide(4);
    expect(indicators[3]).toHaveAttribute('aria-current', 'true');
    expect(indicators[0]).not.toHaveAttribute('aria-current');
  });

  it('follows the arrow, Home and End keys once focused', async () => {
    const user = userEvent.setup();
    renderCarousel();
    await user.tab();
    // The slide viewport is the first stop, before the slide's own link.
    expect(document.activeElement?.getAttribute('aria-live')).toBe('polite');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expectSlide(3);
    await user.keyboard('{ArrowLeft}');
    expectSlide(2);
    await user.keyboard('{End}');
    expectSlide(6);
    await user.keyboard('{ArrowRight}');
    expectSlide(1);
    await user.keyboard('{End}{Home}');
    expectSlide(1);
  });

  it('changes slide on a horizontal swipe, not on a tap or a vertical scroll', () => {
    renderCarousel();
    const viewport = screen.getByRole('region', { name: 'Camp highlights' }).firstElementChild as HTMLElement;
    // jsdom has no PointerEvent; React routes by event type, so a MouseEvent named 'pointerdown' carries clientX.
    const pointer = (type: string, [clientX, clientY]: [number, number]) =>
      fireEvent(viewport, new MouseEvent(type, { bubbles: true, clientX, clientY }));
    const drag = (from: [number, number], to: [number, number]) => {
      pointer('pointerdown', from);
      pointer('pointerup', to);
    };
    drag([300, 100], [120, 110]);
    expectSlide(2);
    drag([100, 100], [300, 95]);
    expectSlide(1);
    drag([100, 100], [110, 100]);
    expectSlide(1);
    drag([100, 100], [160, 400]);
    expectSlide(1);
  });

  it('does not follow the slide link when a swipe ends on it, but a later click does', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<HomeCarousel />} />
            <Route path="/classes" element={<h1>Classes page</h1>} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>,
    );
    const viewport = screen.getByRole('region', { name: 'Camp highlights' }).firstElementChild as HTMLElement;
    const link = within(visibleSlide()).getByRole('link', { name: 'See details about classes' });
    fireEvent(viewport, new MouseEvent('pointerdown', { bubbles: true, clientX: 400, clientY: 100 }));
    fireEvent(link, new MouseEvent('pointerup', { bubbles: true, clientX: 100, clientY: 100 }));
    fireEvent.click(link);
    expectSlide(2);
    expect(screen.queryByRole('heading', { name: 'Classes page' })).not.toBeInTheDocument();

    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await user.click(within(visibleSlide()).getByRole('link', { name: 'See details about classes' }));
    expect(screen.getByRole('heading', { name: 'Classes page' })).toBeInTheDocument();
  });

  it('stays still without autoplay, and with autoplay moves every 3000 ms until paused', () => {
    jest.useFakeTimers();
    try {
      const first = renderCarousel();
      act(() => {
        jest.advanceTimersByTime(9000);
      });
      expectSlide(1);
      first.unmount();

      renderCarousel(true);
      act(() => {
        jest.advanceTimersByTime(2999);
      });
      expectSlide(1);
      act(() => {
        jest.advanceTimersByTime(1);
      });
      expectSlide(2);
      fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));
      act(() => {
        jest.advanceTimersByTime(9000);
      });
      expectSlide(2);
      expect(screen.getByRole('button', { name: 'Play slide show' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
