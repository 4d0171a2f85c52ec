import { useLayoutEffect } from 'react';
import { handoverDone, useAppDispatch } from '@sportify/shared-ui';
import { useLocation } from '@sportify/shared-ui/router';

/**
 * Ends a server render's handover at the first navigation in the browser. Until then a screen mounting takes the
 * handed-over data without asking again (shared-ui's store); a part of the rendered page that never mounted (left
 * before it did) would otherwise keep it so for the whole visit, and every screen would show its cached data on
 * return. A layout effect: it runs before the next screen's queries subscribe, so they refresh on mount.
 */
export function HandoverEnd() {
  const { key } = useLocation();
  const dispatch = useAppDispatch();
  useLayoutEffect(() => {
    // The page's first location (the one the server rendered) is the router's 'default'; every navigation has its own.
    if (key !== 'default') dispatch(handoverDone());
  }, [key, dispatch]);
  return null;
}
