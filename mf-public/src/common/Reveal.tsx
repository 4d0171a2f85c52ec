import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';

/** docs/product.md §9: cards and slides reveal with a 2000 ms animation. */
export const REVEAL_MS = 2000;

const fadeUp = keyframes`
  from { opacity: 0; transform: translateY(24px); }
  to { opacity: 1; transform: none; }
`;

const Box = styled.div`
  /* A grid wrapper lets the card inside fill its grid cell, so rows keep equal heights. */
  display: grid;
  &[data-reveal='waiting'] { opacity: 0; }
  &[data-reveal='shown'] { animation: ${fadeUp} ${REVEAL_MS}ms ease-out both; }
  @media (prefers-reduced-motion: reduce) {
    &[data-reveal] { opacity: 1; animation: none; }
  }
`;

type RevealState = 'waiting' | 'shown' | 'static';

/**
 * Fades its content in the first time it scrolls into view (what the original did with a scroll-animation
 * library, in a few lines and no dependency). Without IntersectionObserver the content is simply shown; with
 * `prefers-reduced-motion: reduce` the CSS shows it at once, unanimated.
 */
export function Reveal({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<RevealState>(() =>
    typeof IntersectionObserver === 'undefined' ? 'static' : 'waiting');

  useEffect(() => {
    const element = ref.current;
    if (!element || state !== 'waiting') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setState('shown');
        observer.disconnect();
      }
    }, { threshold: 0.1 });
    observer.observe(element);
    return () => observer.disconnect();
  }, [state]);

  return <Box ref={ref} data-reveal={state}>{children}</Box>;
}
