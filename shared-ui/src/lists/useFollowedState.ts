import { useState } from 'react';

/**
 * Local state that starts from `value` and is reset to it whenever `value` changes (e.g. a control that answers a
 * click at once while the URL it mirrors follows a moment later, or changes from outside through Back).
 * Adjusted while rendering, as React recommends, instead of in an effect that would render twice.
 */
export function useFollowedState<T>(value: T): [T, (next: T) => void] {
  const [state, setState] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (!Object.is(followed, value)) {
    setFollowed(value);
    setState(value);
  }
  return [state, setState];
}
