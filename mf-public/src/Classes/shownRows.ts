import { useMemo, useState } from 'react';

/** A read of the student's rows about the shown cards, asked with their ids. */
interface Read<T> {
  currentData?: T;
  isError: boolean;
}

export interface ShownRows<T> {
  /** The rows answered for the shown cards, or, while they are read again, the last rows answered. */
  data: T | undefined;
  /** Whether the rows say all there is about a class: a read answered (or failed) for a set of cards holding it. */
  covers: (classId: string) => boolean;
}

/**
 * The student's rows about the shown cards, kept across a change of cards (a search, a filter, a page): a card shown
 * before and after keeps what was known of it while the new set is read, so its Select stays usable under a click
 * instead of turning disabled for the length of the read.
 */
export function useShownRows<T>(read: Read<T>, classIds: string): ShownRows<T> {
  const current = read.currentData;
  const [last, setLast] = useState<{ classIds: string; ids: ReadonlySet<string>; data: T } | null>(null);
  // Remembered during render (React's pattern for state kept from earlier renders): an effect would add a render.
  if (current !== undefined && (last?.data !== current || last.classIds !== classIds)) {
    setLast({ classIds, ids: new Set(classIds.split(',')), data: current });
  }
  const failed = read.isError;
  return useMemo(
    () => ({
      data: current ?? last?.data,
      covers: (classId: string) => failed || current !== undefined || Boolean(last?.ids.has(classId)),
    }),
    [current, last, failed],
  );
}
