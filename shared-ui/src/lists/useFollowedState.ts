import { useState } from 'react';

/**
 * Local state that starts from `value` and is reset to it whenever `value` changes (e.g. a control that answers a
 * click at once while the URL it mirrors follows a moment later, or changes from outside through Back).
 * Adjusted while rendering, as React recommends, instead of in an effect that would render twice.
 *
 * The third item marks a value the control itself sent on: its arrival as `value` is not a change from outside,
 * so it leaves the state alone once (what the user did meanwhile stays).
 */
export function useFollowedState<T>(value: T): [T, (next: T) => void, (sent: T) => void] {
  const [state, setState] = useState(value);
  const [followed, setFollowed] = useState(value);
  const [sent, setSent] = useState<{ value: T } | null>(null);
  if (!Object.is(followed, value)) {
    setFollowed(value);
    if (sent && Object.is(sent.value, value)) setSent(null);
    else setState(value);
  }
  return [state, setState, (next) => setSent({ value: next })];
}
