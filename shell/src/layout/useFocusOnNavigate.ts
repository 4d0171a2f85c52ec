import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from '@sportify/shared-ui/router';

/** How long a navigation waits for the new screen's heading (a remote's code may still be on its way). */
const WAIT_MS = 10_000;

/**
 * After a navigation inside the site (not the first page load), moves focus to the new screen's h1 once it is
 * shown, so keyboard and screen-reader users start at the top of the new content instead of on the old link.
 */
export function useFocusOnNavigate(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    const focusHeading = () => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, main]);
}
