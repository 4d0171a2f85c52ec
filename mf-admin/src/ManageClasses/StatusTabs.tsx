import { useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { ClassStatus } from '@sportify/shared-ui';

export type StatusTab = ClassStatus | 'all';
// Pending first: it is what an admin comes here to review.
export const STATUS_TABS: StatusTab[] = ['pending', 'approved', 'denied', 'all'];
const LABELS: Record<StatusTab, string> = { pending: 'Pending', approved: 'Approved', denied: 'Denied', all: 'All' };

interface StatusTabsProps {
  current: StatusTab;
  counts?: Record<ClassStatus, number>;
  onSelect: (tab: StatusTab) => void;
  panelId: string;
}

/** Tabs by status with their counts; arrow keys, Home and End move between them (WAI-ARIA tabs pattern). */
export function StatusTabs({ current, counts, onSelect, panelId }: StatusTabsProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = (tab: StatusTab) =>
    counts ? (tab === 'all' ? counts.pending + counts.approved + counts.denied : counts[tab]) : undefined;

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = STATUS_TABS.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    refs.current[next]?.focus();
    onSelect(STATUS_TABS[next]);
  };

  return (
    <List role="tablist" aria-label="Class status">
      {STATUS_TABS.map((tab, index) => (
        <Tab
          key={tab}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          aria-selected={tab === current}
          aria-controls={panelId}
          tabIndex={tab === current ? 0 : -1}
          onKeyDown={(e) => onKeyDown(e, index)}
          onClick={() => onSelect(tab)}
        >
          {LABELS[tab]}
          {count(tab) !== undefined && ` (${count(tab)})`}
        </Tab>
      ))}
    </List>
  );
}

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin: ${({ theme }) => `0 ${theme.space(4)} ${theme.space(4)}`};
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  font: inherit;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.muted};
  background: none;
  border: 0;
  border-bottom: 3px solid transparent;
  margin-bottom: -2px;
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primary};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;
