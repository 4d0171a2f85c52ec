import type { ForWhom } from './classesArgs';

/** The key of the account holder's own rows (they carry no camperId). */
export const SELF = 'self';
export const whoOf = (row: ForWhom) => row.camperId || SELF;

/** classId -> the participants (camper ids, or SELF) that have a row of it. */
export type Taken = Map<string, Set<string>>;

export function takenBy(rows: readonly ({ classId: string } & ForWhom)[], extra: readonly string[] = []): Taken {
  const taken: Taken = new Map();
  const add = (classId: string, who: string) => {
    if (!taken.has(classId)) taken.set(classId, new Set());
    taken.get(classId)!.add(who);
  };
  rows.forEach((row) => add(row.classId, whoOf(row)));
  // 'classId|who' keys of selections made on this page, before the list is read again.
  extra.forEach((key) => {
    const [classId, who] = key.split('|');
    add(classId, who);
  });
  return taken;
}

/** The classes every participant (each camper and the account holder) already has, by any of `tables`. */
export function takenByAll(participants: readonly string[], ...tables: Taken[]): Set<string> {
  const classIds = new Set(tables.flatMap((t) => [...t.keys()]));
  return new Set([...classIds].filter((id) => participants.every((who) => tables.some((t) => t.get(id)?.has(who)))));
}
