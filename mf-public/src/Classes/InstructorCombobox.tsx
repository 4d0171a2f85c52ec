import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { FormField, SEARCH_DEBOUNCE_MS, TextInput } from '@sportify/shared-ui';
import { paged } from '@sportify/shared-ui/endpoints/paged';
import { useInstructorsListQuery } from '@sportify/shared-ui/endpoints/users';
import { instructorChoicesArgs, type InstructorChoice } from './classesArgs';

const ALL = { _id: '', userName: 'All instructors', email: '' } as const;

/**
 * The instructor filter: one combobox (ARIA 1.2 list autocomplete). Typing searches the instructors by name, so
 * every one can be reached however many there are; arrows move through the list, Enter picks, Escape closes.
 * `value` is the chosen instructor's e-mail ('' for all).
 */
export function InstructorCombobox({ value, onChange }: { value: string; onChange: (email: string) => void }) {
  const listId = useId();
  const [text, setText] = useState<string | null>(null);
  const [find, setFind] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The chosen instructor's name, for when a later search no longer lists them.
  const [picked, setPicked] = useState<InstructorChoice | null>(null);
  const choices = paged(useInstructorsListQuery(instructorChoicesArgs(find)));
  const items = choices.data?.items ?? [];
  const options: InstructorChoice[] = [ALL, ...items];
  const more = choices.data ? choices.data.total - items.length : 0;

  useEffect(() => {
    const next = (text ?? '').trim();
    const timer = setTimeout(() => setFind(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const chosenName = !value
    ? ''
    : (items.find((i) => i.email === value)?.userName ?? (picked?.email === value ? picked.userName : value));

  const choose = (option: InstructorChoice) => {
    if (option.email) setPicked(option);
    setText(null);
    setOpen(false);
    if (option.email !== value) onChange(option.email);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (at + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(options[Math.min(active, options.length - 1)]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setText(null);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <Box>
      <FormField label="Instructor">
        <TextInput
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open ? optionId(active) : undefined}
          autoComplete="off"
          placeholder="All instructors: type a name"
          maxLength={100}
          value={text ?? chosenName}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setText(null);
          }}
        />
      </FormField>
      <List id={listId} role="listbox" aria-label="Instructors" hidden={!open}>
        {options.map((option, index) => (
          // The keys are the input's (aria-activedescendant): options never take the focus themselves.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option._id || 'all'}
            id={optionId(index)}
            role="option"
            aria-selected={option.email === value}
            data-active={index === active || undefined}
            // Keeps the focus in the input, so the click picks before the blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.userName}
          </li>
        ))}
      </List>
      {open && more > 0 && (
        <Hint role="status">{`${items.length} of ${choices.data!.total} instructors listed: type a name to find more`}</Hint>
      )}
      {open && choices.data?.total === 0 && <Hint role="status">No instructor has that name</Hint>}
    </Box>
  );
}

const Box = styled.div`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

const List = styled.ul`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  z-index: 10;
  max-height: 16rem;
  overflow-y: auto;
  margin: ${({ theme }) => theme.space(1)} 0 0;
  padding: ${({ theme }) => theme.space(1)} 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow};
  li {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    cursor: pointer;
  }
  li[aria-selected='true'] {
    font-weight: 700;
  }
  li[data-active] {
    background: ${({ theme }) => theme.colors.background};
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: -2px;
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.muted};
`;
