import type { ApiBody, ApiList, User, WaitlistPlace } from '@sportify/shared-ui';

export const CLASSES_PER_PAGE = 24;
/** Instructors offered by the filter at once (the API's largest page); a name search reaches the others. */
export const INSTRUCTOR_CHOICES = 60;

/** Whose selections or payments, among which classes (the ids of the cards shown, comma-separated: one row each at most). */
export interface ShownClasses {
  email: string;
  classIds: string;
}
export const CLASS_SORTS = ['newest', 'popular', 'price', '-price', 'name', 'start'] as const;
export type ClassSort = (typeof CLASS_SORTS)[number];

/** Parameters of GET /classes (its paged form); empty ones are left out. */
export interface ClassesQuery {
  q?: string;
  instructor?: string;
  available?: 'true';
  minPrice?: number;
  maxPrice?: number;
  /** YYYY-MM-DD: only classes starting that day (camp time) or later. */
  startsFrom?: string;
  /** A camper's age: only classes whose age range admits it (classes without a range admit everyone). */
  age?: number;
  sort?: ClassSort;
  page?: number;
}

/** Item of GET /instructors (the instructor filter's choices). */
export type InstructorChoice = Pick<User, '_id' | 'userName' | 'email'>;

/**
 * Body of POST /classes/selected (the payload of docs/product.md §7; the API copies the class fields from its
 * database), and for whom: a camper of the account, or (no camperId) the account holder.
 */
type SelectedBody = ApiBody<'/classes/selected', 'post'>;
export type SelectClassBody = Required<Omit<SelectedBody, 'camperId'>> & {
  camperId?: Extract<SelectedBody, { camperId: unknown }>['camperId'];
};

/** Whose row: the camper's, or (no camperId) the account holder's own. */
export interface ForWhom {
  camperId?: string | null;
  camperName?: string | null;
}

/** A place on a class's waitlist, for a camper or for the account holder. */
export type Place = WaitlistPlace & ForWhom;

/** One of the account's campers, as the choosing dialog needs them (GET /campers). */
export type CamperChoice = Pick<ApiList<'/campers'>[number], '_id' | 'name' | 'dateOfBirth'>;

/** Which class's waitlist, for whom (no camperId: the account holder). */
export interface WaitlistFor {
  classId: string;
  camperId?: string;
}

/** GET /classes' paged form (the classes module) for the filters in the URL; empty ones are left out. */
export const classesArgs = ({ page, ...filters }: ClassesQuery) => ({
  ...filters,
  page: page && page > 1 ? page : undefined,
  limit: CLASSES_PER_PAGE,
});

/** GET /instructors for the instructor filter: up to 60 whose name holds `q` (all of them, 60 at a time, without it). */
export const instructorChoicesArgs = (q: string | undefined) => ({ q: q || undefined, limit: INSTRUCTOR_CHOICES });
