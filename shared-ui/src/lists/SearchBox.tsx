import { useEffect, useLayoutEffect, useRef, type InputHTMLAttributes } from 'react';
import { FormField, TextInput } from '../forms/FormField';
import { useFollowedState } from './useFollowedState';
import { useUrlQuery } from './useUrlQuery';

export const SEARCH_DEBOUNCE_MS = 300;

interface DebouncedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: string;
  /** The committed value (from the URL). */
  value: string;
  /** Called once typing pauses for SEARCH_DEBOUNCE_MS, and at once on Enter. */
  onCommit: (value: string) => void;
}

/**
 * A labelled input whose value is committed after a pause in typing (so a list is not asked for on every key),
 * and follows the committed value when it changes from outside (Back, Clear filters). Leaving the input commits at
 * once: a click on a card's button or a link right after typing acts on the committed search, and a commit that
 * came later could pull the user back from the page the link opened.
 */
export function DebouncedInput({ label, value, onCommit, ...rest }: DebouncedInputProps) {
  // A commit's own arrival as `value` must not undo what the user typed meanwhile.
  const [text, setText, markSent] = useFollowedState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The latest onCommit for a timer set by an earlier render.
  const commit = useRef(onCommit);
  useLayoutEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const pending = useRef<string | undefined>(undefined);
  const flush = () => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = undefined;
    if (next !== undefined && next !== value) {
      markSent(next);
      commit.current(next);
    }
  };

  const schedule = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    pending.current = next;
    timer.current = setTimeout(flush, SEARCH_DEBOUNCE_MS);
  };

  return (
    <FormField label={label}>
      <TextInput
        {...rest}
        value={text}
        onChange={(e) => schedule(e.target.value)}
        onBlur={(e) => {
          flush();
          rest.onBlur?.(e);
        }}
        onKeyDown={(e) => {
          rest.onKeyDown?.(e);
          if (e.key !== 'Enter') return;
          pending.current = text;
          flush();
        }}
      />
    </FormField>
  );
}

/** The longest text search a list accepts (the API refuses longer). */
const SEARCH_MAX_LENGTH = 100;

/** A list's text search, kept in the URL's `q` (so Back, links and reloads keep it); a new search starts at page 1. */
export function UrlSearchInput({ label, placeholder }: { label: string; placeholder?: string }) {
  const url = useUrlQuery();
  return (
    <DebouncedInput
      label={label}
      type="search"
      placeholder={placeholder}
      maxLength={SEARCH_MAX_LENGTH}
      value={url.get('q')}
      onCommit={(q) => url.set({ q })}
    />
  );
}
