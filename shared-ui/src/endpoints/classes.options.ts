// What each of the classes module's calls adds to its generated request (classes/<call>.gen.ts): its cache tags.
import type { ClassesAllApiResponse, ClassesMineApiResponse } from './classes.gen';
import { mutation, query } from './inject';

const LIST = { type: 'Class' as const, id: 'LIST' };

/** A list's tags: LIST, so that every class write refetches it, and each class shown. */
const eachClass = (result: ClassesAllApiResponse | ClassesMineApiResponse | undefined) => [
  LIST,
  ...(Array.isArray(result) ? result : (result?.items ?? [])).map(({ _id }) => ({ type: 'Class' as const, id: _id })),
];

export const classesApproved = query({ providesTags: [LIST] });
export const classesPopular = query({ providesTags: [LIST] });
export const classesAll = query<ClassesAllApiResponse>({ providesTags: eachClass });
export const classesMine = query<ClassesMineApiResponse>({ providesTags: eachClass });
// Every class list refetches after any class write (docs/product.md §4): an approved class joins the public lists,
// My Classes shows the new status or feedback, an edit puts the class back to 'pending'.
export const classesCreate = mutation({ invalidatesTags: ['Class'] });
export const classesDecide = mutation({ invalidatesTags: ['Class'] });
export const classesFeedback = mutation({ invalidatesTags: ['Class'] });
export const classesUpdate = mutation({ invalidatesTags: ['Class'] });
