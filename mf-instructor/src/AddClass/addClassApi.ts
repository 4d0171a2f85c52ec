import { api, type ApiResponse } from '@sportify/shared-ui';
import type { ClassInput } from '../classForm';

/** POST /classes body: the class fields plus the owner (the API checks the e-mail is the caller's). */
export interface NewClass extends ClassInput {
  instructorName: string;
  instructorEmail: string;
}

// Status and date are left out: the API always creates a class 'pending' and stamps the date itself.
export const addClassApi = api.injectEndpoints({
  endpoints: (build) => ({
    addClass: build.mutation<ApiResponse<'/classes', 'post'>, NewClass>({
      query: (body) => ({ url: '/classes', method: 'POST', data: body }),
      // Every class list (My Classes, Manage Classes, public lists) refetches (docs/product.md §4).
      invalidatesTags: ['Class'],
    }),
  }),
});

export const { useAddClassMutation } = addClassApi;
