import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { media } from '@sportify/shared-ui';

/** docs/product.md §9: transition 350 ms, interval 3000 ms, autoplay off unless set. */
export const TRANSITION_MS = 350;
export const INTERVAL_MS = 3000;
/** How far (px) a horizontal drag must go to count as a swipe rather than a tap. */
const SWIPE_PX = 40;

export interface SlideContext {
  index: number;
  active: boolean;
  /** The active slide or one next to it: worth loading now so a change never shows an empty frame. */
  near: boolean;
}

export interface CarouselProps<T> {
  /** Accessible name of the carousel region. */
  label: string;
  items: readonly T[];
  /** Short name of a slide, for its indicator and its group label. */
  slideLabel: (item: T) => string;
  renderSlide: (item: T, context: SlideContext) => ReactNode;
  autoplay?: boolean;
  intervalMs?: number;
  transitionMs?: number;
}

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A small accessible carousel (WAI-ARIA APG pattern): arrows, indicators, swipe and arrow keys; hidden slides are
 * inert so focus and screen readers only meet the visible one. Written here instead of pulling a slider library
 * into the first view's JS budget.
 */
export function Carousel<T>({
  label,
  items,
  slideLabel,
  renderSlide,
  autoplay = false,
  intervalMs = INTERVAL_MS,
  transitionMs = TRANSITION_MS,
}: CarouselProps<T>) {
  const count = items.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [engaged, setEngaged] = useState(false);
  // The server-rendered first view (src/server) paints before any script: its controls would do nothing yet, so
  // only the browser renders them (they sit over the slides, so nothing moves when they appear). They come after the
  // first commit, in a transition: rendered in slices, not in the task that ends the page's hydration.
  const [running, setRunning] = useState(false);
  useEffect(() => startTransition(() => setRunning(true)), []);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);

  const go = useCallback((target: number) => setIndex(((target % count) + count) % count), [count]);
  const rotating = autoplay && !paused && !engaged && count > 1 && !prefersReducedMotion();

  // One timer per slide shown, so a manual change restarts the interval instead of skipping straight on.
  useEffect(() => {
    if (!rotating) return undefined;
    const timer = setTimeout(() => go(index + 1), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, index, intervalMs, go]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  };

  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (!Number.isFinite(dx) || Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    swiped.current = true;
    // The click that follows this pointerup comes in the same task; any later click (even from the keyboard) is real.
    setTimeout(() => {
      swiped.current = false;
    }, 0);
    go(dx < 0 ? index + 1 : index - 1);
  };

  const near = (i: number) => [index - 1, index, index + 1].some((n) => ((n % count) + count) % count === i);

  return (
    <Region
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setEngaged(true)}
      onMouseLeave={() => setEngaged(false)}
      onFocus={() => setEngaged(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setEngaged(false);
      }}
    >
      <Viewport
        // Focusable so keyboard users can reach the arrow keys without tabbing to a control first.
        tabIndex={0}
        aria-live={rotating ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
        // A swipe that ends on the slide's button must not also press it.
        onClickCapture={(event) => {
          if (swiped.current) {
            event.preventDefault();
            event.stopPropagation();
          }
        }}
      >
        <Track $ms={transitionMs} $index={index}>
          {items.map((item, i) => {
            const active = i === index;
            return (
              <Slide
                key={slideLabel(item)}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}: ${slideLabel(item)}`}
                aria-hidden={!active}
                inert={!active}
              >
                {renderSlide(item, { index: i, active, near: near(i) })}
              </Slide>
            );
          })}
        </Track>
      </Viewport>
      {running && (
        <>
          <Arrow type="button" $side="left" aria-label="Previous slide" onClick={() => go(index - 1)}>
            <Chevron d="M15 5l-7 7 7 7" />
          </Arrow>
          <Arrow type="button" $side="right" aria-label="Next slide" onClick={() => go(index + 1)}>
            <Chevron d="M9 5l7 7-7 7" />
          </Arrow>
          <Indicators>
            {items.map((item, i) => (
              <Dot
                key={slideLabel(item)}
                type="button"
                aria-label={`Show slide ${i + 1}: ${slideLabel(item)}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
            {autoplay && (
              <PlayPause type="button" onClick={() => setPaused((p) => !p)}>
                {paused ? 'Play slide show' : 'Pause slide show'}
              </PlayPause>
            )}
          </Indicators>
        </>
      )}
    </Region>
  );
}

function Chevron({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const Region = styled.section`
  position: relative;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.lg};
  margin: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.primaryDark};
`;

const Viewport = styled.div`
  overflow: hidden;
  /* Vertical scrolling stays with the page; horizontal drags become swipes. */
  touch-action: pan-y;
  &:focus-visible {
    outline-offset: -4px;
  }
`;

// The position is a class, not a style attribute: the page's policy refuses style attributes in its HTML.
const Track = styled.div<{ $ms: number; $index: number }>`
  display: flex;
  transform: translateX(-${({ $index }) => $index * 100}%);
  transition: transform ${({ $ms }) => $ms}ms ease;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const Slide = styled.div`
  flex: 0 0 100%;
  min-width: 0;
  position: relative;
`;

const Arrow = styled.button<{ $side: 'left' | 'right' }>`
  position: absolute;
  /* Phones: in the control strip at the bottom, leaving the slide's width to its text. */
  bottom: ${({ theme }) => theme.space(2)};
  ${({ $side }) => $side}: ${({ theme }) => theme.space(2)};
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.round};
  background: rgba(255, 255, 255, 0.85);
  color: ${({ theme }) => theme.colors.primaryDark};
  cursor: pointer;
  z-index: 1;
  &:hover {
    background: #fff;
  }
  ${media.md} {
    bottom: auto;
    top: 50%;
    ${({ $side }) => $side}: ${({ theme }) => theme.space(3)};
    transform: translateY(-50%);
    width: 44px;
    height: 44px;
  }
`;

const Indicators = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: ${({ theme }) => theme.space(3)};
  /* Centred between the phone-sized arrows at the bottom corners. */
  margin: 0 auto;
  width: fit-content;
  display: flex;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  /* A dark pill keeps the dots visible over any part of the slide art. */
  padding: 0 ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius.round};
  background: rgba(11, 21, 48, 0.6);
  z-index: 1;
`;

// 24px hit area (WCAG 2.5.8) around a 10px dot.
const Dot = styled.button`
  width: 24px;
  height: 24px;
  padding: 0;
  border: 0;
  background: none;
  cursor: pointer;
  &::before {
    content: '';
    display: block;
    margin: auto;
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.55);
    box-shadow: 0 0 0 1px rgba(15, 23, 42, 0.35);
  }
  &[aria-current='true']::before {
    background: #fff;
    transform: scale(1.3);
  }
`;

const PlayPause = styled.button`
  margin-left: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: rgba(255, 255, 255, 0.85);
  font: inherit;
  font-size: 0.8rem;
  cursor: pointer;
`;
