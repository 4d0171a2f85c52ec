import { admitsAge, ageOn, ageRangeText, type AgeRange } from '@sportify/platform/ages';
import { ageCountDay } from '@sportify/platform/dates';
import { campTimeZone, type PublicClass } from '@sportify/shared-ui';
import type { CamperChoice } from './classesArgs';
import { SELF, type Taken } from './family';

// What 'Who is this class for?' offers: loaded with the dialog, so a visitor's Classes page carries none of it.

/** One participant the class can be for: a camper, or the account holder ('Myself', id null). */
export interface WhoChoice {
  camperId: string | null;
  label: string;
  /** Why this one cannot be chosen (age range, already selected...); absent when it can. */
  reason?: string;
}

/** The classes each participant already has: enrolled, selected and (for Join waitlist) waiting. */
export interface TakenTables {
  enrolled: Taken;
  selected: Taken;
  waiting?: Taken;
}

/** The dialog's choices for a class: each camper (disabled with the reason) and Myself. */
export function choicesFor(
  item: Pick<PublicClass, '_id' | 'startDate'> & AgeRange,
  campers: readonly CamperChoice[],
  { enrolled, selected, waiting }: TakenTables,
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
  const day = ageCountDay(item.startDate, campTimeZone());
  const range = ageRangeText(item);
  return [
    ...campers.map((camper) => {
      const age = ageOn(camper.dateOfBirth, day);
      return {
        camperId: camper._id,
        label: `${camper.name} (age ${age})`,
        reason:
          takenReason(camper._id) ?? (admitsAge(item, age) ? undefined : `Not in this class's age range (${range})`),
      };
    }),
    { camperId: null, label: 'Myself', reason: takenReason(SELF) },
  ];
}
