import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { FormField, TextInput } from '../forms/FormField';

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
 * and follows the committed value when it changes from outside (Back, Clear filters).
 */
export function DebouncedInput({ label, value, onCommit, ...rest }: DebouncedInputProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => { if (next !== value) commit.current(next); }, SEARCH_DEBOUNCE_MS);
  };

  return (
    <FormField label={label}>
      <TextInput
        {...rest}
        value={text}
        onChange={(e) => schedule(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          clearTimeout(timer.current);
          if (text !== value) onCommit(text);
        }}
      />
    </FormField>
  );
}
