import type { PublicClass } from '@sportify/shared-ui';
import type { AgeRange } from '../common/ageRange';
import { admits, ageDayOf, ageOn, rangeText } from './ages';
import type { CamperChoice, ForWhom } from './classesApi';
import type { WhoChoice } from './WhoDialog';

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

/** The dialog's choices for a class: each camper (disabled with the reason) and Myself. */
export function choicesFor(
  item: Pick<PublicClass, '_id' | 'startDate'> & AgeRange,
  campers: readonly CamperChoice[],
  { enrolled, selected, waiting }: { enrolled: Taken; selected: Taken; waiting?: Taken },
): WhoChoice[] {
  const has = (t: Taken | undefined, who: string) => Boolean(t?.get(item._id)?.has(who));
  const takenReason = (who: string) =>
    has(enrolled, who)
      ? 'Already enrolled'
      : has(selected, who)
        ? 'Already selected'
        : has(waiting, who)
          ? 'Already on the waitlist'
          : undefined;
  const day = ageDayOf(item.startDate);
  const range = rangeText(item);
  return [
    ...campers.map((camper) => {
      const age = ageOn(camper.dateOfBirth, day);
      return {
        camperId: camper._id,
        label: `${camper.name} (age ${age})`,
        reason: takenReason(camper._id) ?? (admits(item, age) ? undefined : `Not in this class's age range (${range})`),
      };
    }),
    { camperId: null, label: 'Myself', reason: takenReason(SELF) },
  ];
}
