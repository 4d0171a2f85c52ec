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
  &[data-reveal='waiting'] {
    opacity: 0;
  }
  &[data-reveal='shown'] {
    animation: ${fadeUp} ${REVEAL_MS}ms ease-out both;
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-reveal] {
      opacity: 1;
      animation: none;
    }
  }
`;

type RevealState = 'pending' | 'waiting' | 'shown' | 'static';

/**
 * Fades its content in the first time it scrolls into view (what the original did with a scroll-animation
 * library, in a few lines and no dependency). Content that is already on screen when it arrives is never hidden
 * (hiding it would only delay what the visitor came for, and the page's largest paint): it stays as it is, and only
 * content below the fold waits hidden for its reveal. Without IntersectionObserver the content is simply shown;
 * with `prefers-reduced-motion: reduce` the CSS shows it at once, unanimated.
 */
export function Reveal({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<RevealState>(() =>
    typeof IntersectionObserver === 'undefined' ? 'static' : 'pending',
  );

  useEffect(() => {
    const element = ref.current;
    if (!element || (state !== 'pending' && state !== 'waiting')) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const inView = entries.some((entry) => entry.isIntersecting);
        // The first report tells where the content arrived: on screen it stays shown, below the fold it waits.
        if (state === 'pending') setState(inView ? 'static' : 'waiting');
        else if (inView) setState('shown');
        if (inView) observer.disconnect();
      },
      { threshold: 0.1 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [state]);

  return (
    <Box ref={ref} data-reveal={state}>
      {children}
    </Box>
  );
}
