// The classes module's calls (the public lists, an instructor's and the admins' lists, adding, editing and
// reviewing a class), with their cache tags. Generated requests: classes.gen.ts (`npm run contract`).
import { classesEndpoints, type ClassesAllApiResponse, type ClassesMineApiResponse } from './classes.gen';

const LIST = { type: 'Class' as const, id: 'LIST' };

/** A list's tags: LIST, so that every class write refetches it, and each class shown. */
const eachClass = (result: ClassesAllApiResponse | ClassesMineApiResponse | undefined) => [
  LIST,
  ...(Array.isArray(result) ? result : (result?.items ?? [])).map(({ _id }) => ({ type: 'Class' as const, id: _id })),
];

export const classesApi = classesEndpoints.enhanceEndpoints({
  endpoints: {
    classesApproved: { providesTags: [LIST] },
    classesPopular: { providesTags: [LIST] },
    classesAll: { providesTags: eachClass },
    classesMine: { providesTags: eachClass },
    // Every class list refetches after any class write (docs/product.md §4): an approved class joins the public
    // lists, My Classes shows the new status or feedback, an edit puts the class back to 'pending'.
    classesCreate: { invalidatesTags: ['Class'] },
    classesDecide: { invalidatesTags: ['Class'] },
    classesFeedback: { invalidatesTags: ['Class'] },
    classesUpdate: { invalidatesTags: ['Class'] },
  },
});

export * from './classes.gen';
