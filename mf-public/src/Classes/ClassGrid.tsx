import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, CardGrid, type PublicClass } from '@sportify/shared-ui';
import type { AgeRange } from '@sportify/platform/ages';
import { ClassCard } from '../common/ClassCard';
import { Reveal } from '../common/Reveal';
import { SELECT_LABEL, selectEnabled, type SelectState } from './selectRules';

/** A class as the list answers it, with its optional age range. */
export type ListedClass = PublicClass & AgeRange;

export interface ClassGridProps {
  items: ListedClass[];
  /** What each card's Select button does (selectRules.ts). */
  stateOf: (item: ListedClass) => SelectState;
  onSelect: (item: ListedClass) => void;
  /** Shown under a card's button (a student's waitlist controls). */
  below?: (item: ListedClass, state: SelectState) => ReactNode;
}

/** One page of classes as cards, each with its Select button. */
export function ClassGrid({ items, stateOf, onSelect, below }: ClassGridProps) {
  return (
    <CardGrid>
      {items.map((item, index) => {
        const state = stateOf(item);
        return (
          <Reveal key={item._id}>
            <ClassCard item={item} priority={index === 0}>
              <Actions>
                <Button
                  type="button"
                  disabled={!selectEnabled(state)}
                  aria-busy={state === 'selecting' || undefined}
                  onClick={() => onSelect(item)}
                >
                  {SELECT_LABEL[state]}
                </Button>
              </Actions>
              {below?.(item, state)}
            </ClassCard>
          </Reveal>
        );
      })}
    </CardGrid>
  );
}

// The button sits at the bottom of every card, whatever the length of the class name.
const Actions = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space(3)};
  display: flex;
  > * {
    flex: 1;
  }
`;
