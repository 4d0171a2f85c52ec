import {
  api,
  cleanParams,
  type ApiBody,
  type ApiList,
  type ApiResponse,
  type Paged,
  type PublicClass,
  type User,
  type WaitlistPlace,
} from '@sportify/shared-ui';

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
  minPrice?: string;
  maxPrice?: string;
  /** YYYY-MM-DD: only classes starting that day (camp time) or later. */
  startsFrom?: string;
  /** A camper's age: only classes whose age range admits it (classes without a range admit everyone). */
  age?: string;
  sort?: ClassSort;
  page?: number;
}

/** Item of GET /instructors (the instructor filter's choices). */
export type InstructorChoice = Pick<User, '_id' | 'userName' | 'email'>;

/** Body of POST /classes/selected (the payload of docs/product.md §7; the API copies the class fields from its database). */
export type SelectClassBody = Required<ApiBody<'/classes/selected', 'post'>>;

// The Classes screen's calls. The student's selections and payments share their tags with the student remote's
// screens, so a selection made here, deleted there or paid for refreshes both places.
export const classesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClassesPage: build.query<Paged<PublicClass>, ClassesQuery>({
      query: ({ page, ...filters }) => ({
        url: '/classes',
        params: cleanParams({ ...filters, page: page && page > 1 ? page : undefined, limit: CLASSES_PER_PAGE }),
      }),
      providesTags: [{ type: 'Class', id: 'LIST' }],
    }),
    /** Up to 60 instructors whose name holds `q` (all of them, 60 at a time, without it). */
    getInstructorChoices: build.query<Paged<InstructorChoice>, string | void>({
      query: (q) => ({ url: '/instructors', params: cleanParams({ q: q || undefined, limit: INSTRUCTOR_CHOICES }) }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    /** The student's selections among the shown classes (never the whole list). */
    getClassSelections: build.query<Paged<ApiList<'/classes/selected/{email}'>[number]>, ShownClasses>({
      query: ({ email, classIds }) => ({
        url: `/classes/selected/${encodeURIComponent(email)}`,
        params: { classIds, limit: CLASSES_PER_PAGE },
      }),
      providesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
    /** The student's payments among the shown classes. */
    getClassEnrolments: build.query<Paged<ApiList<'/payments/enrolled/{email}'>[number]>, ShownClasses>({
      query: ({ email, classIds }) => ({
        url: `/payments/enrolled/${encodeURIComponent(email)}`,
        params: { classIds, limit: CLASSES_PER_PAGE },
      }),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
    /** The student's waitlist places among the shown classes. */
    getWaitlistPlaces: build.query<WaitlistPlace[], ShownClasses>({
      query: ({ email, classIds }) => ({ url: `/waitlist/places/${encodeURIComponent(email)}`, params: { classIds } }),
      providesTags: [{ type: 'Waitlist', id: 'LIST' }],
    }),
    joinWaitlist: build.mutation<WaitlistPlace, string>({
      query: (classId) => ({ url: `/waitlist/${classId}`, method: 'POST' }),
      invalidatesTags: [{ type: 'Waitlist', id: 'LIST' }],
    }),
    /** Leaves the list (declining a held seat, if one was offered meanwhile). */
    leaveWaitlist: build.mutation<ApiResponse<'/waitlist/{classId}', 'delete'>, string>({
      query: (classId) => ({ url: `/waitlist/${classId}`, method: 'DELETE' }),
      invalidatesTags: [
        { type: 'Waitlist', id: 'LIST' },
        { type: 'Selection', id: 'LIST' },
      ],
    }),
    selectClass: build.mutation<ApiResponse<'/classes/selected', 'post'>, SelectClassBody>({
      query: (body) => ({ url: '/classes/selected', method: 'POST', data: body }),
      // Also after a refusal (e.g. 409 'already selected' from another tab): the list then shows the truth.
      invalidatesTags: [{ type: 'Selection', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetClassesPageQuery,
  useGetInstructorChoicesQuery,
  useGetClassSelectionsQuery,
  useGetClassEnrolmentsQuery,
  useSelectClassMutation,
  useGetWaitlistPlacesQuery,
  useJoinWaitlistMutation,
  useLeaveWaitlistMutation,
} = classesApi;
