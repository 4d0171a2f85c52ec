import styled from 'styled-components';
import {
  Button,
  DebouncedInput,
  UrlSearchInput,
  FilterBar,
  FormField,
  Select,
  useFollowedState,
  type QueryChanges,
} from '@sportify/shared-ui';
import type { ClassSort } from './classesArgs';
import { InstructorCombobox } from './InstructorCombobox';

export const SORT_LABELS: Record<ClassSort, string> = {
  newest: 'Newest first',
  popular: 'Most popular',
  price: 'Price: low to high',
  '-price': 'Price: high to low',
  name: 'Name (A to Z)',
  start: 'Starting soonest',
};

/** The filter parameters this screen keeps in the URL (the page is kept beside them). */
export const FILTER_NAMES = [
  'q',
  'instructor',
  'available',
  'minPrice',
  'maxPrice',
  'startsFrom',
  'age',
  'sort',
] as const;

interface ClassFiltersProps {
  get: (name: (typeof FILTER_NAMES)[number]) => string;
  set: (changes: QueryChanges) => void;
  onClear: () => void;
  active: boolean;
}

/** Search, instructor, free seats, price range and sort; every change goes to the URL (and back to page 1). */
export function ClassFilters({ get, set, onClear, active }: ClassFiltersProps) {
  const sort = (get('sort') || 'newest') as ClassSort;
  // Ticked at once: the URL (and so the prop) follows a moment later, after the router's navigation.
  const freeInUrl = get('available') === 'true';
  const [free, setFree] = useFollowedState(freeInUrl);
  return (
    <FilterBar role="search" aria-label="Filter classes">
      <Wide>
        <UrlSearchInput label="Search classes" placeholder="Class or instructor name" />
      </Wide>
      <InstructorCombobox value={get('instructor')} onChange={(instructor) => set({ instructor })} />
      <DebouncedInput
        label="Minimum price ($)"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        value={get('minPrice')}
        onCommit={(minPrice) => set({ minPrice })}
      />
      <DebouncedInput
        label="Maximum price ($)"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        value={get('maxPrice')}
        onCommit={(maxPrice) => set({ maxPrice })}
      />
      {/* A day in the camp's calendar: the API reads it as that day's midnight in the camp's time zone. */}
      <DebouncedInput
        label="Starting from"
        type="date"
        value={get('startsFrom')}
        onCommit={(startsFrom) => set({ startsFrom })}
      />
      {/* Classes whose age range admits this age, counted at each class's start date (by the API). */}
      <DebouncedInput
        label="Camper's age"
        type="number"
        min={0}
        max={99}
        step={1}
        inputMode="numeric"
        value={get('age')}
        onCommit={(age) => set({ age })}
      />
      <FormField label="Sort by">
        <Select value={sort} onChange={(e) => set({ sort: e.target.value === 'newest' ? '' : e.target.value })}>
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </FormField>
      <Check>
        <input
          type="checkbox"
          checked={free}
          onChange={(e) => {
            setFree(e.target.checked);
            set({ available: e.target.checked ? 'true' : '' });
          }}
        />
        Only classes with free seats
      </Check>
      {active && (
        <Button type="button" $variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </FilterBar>
  );
}

const Wide = styled.div`
  grid-column: 1 / -1;
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 2.5rem;
  font-weight: 600;
  input {
    width: 1.1rem;
    height: 1.1rem;
  }
`;
