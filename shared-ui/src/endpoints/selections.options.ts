// What each of the selections module's calls adds to its generated request (selections/<call>.gen.ts): its tags.
import type { SelectionsForPaymentApiArg } from './selections.gen';
import { mutation, query } from './inject';

const LIST = [{ type: 'Selection' as const, id: 'LIST' }];

export const selectionsList = query({ providesTags: LIST });
export const selectionsForPayment = query<unknown, SelectionsForPaymentApiArg>({
  providesTags: (_result, _error, id) => [{ type: 'Selection', id }],
});
// Also after a refusal (e.g. 409 'already selected' from another tab): the lists then show the truth.
export const selectionsSelect = mutation({ invalidatesTags: LIST });
export const selectionsRemove = mutation({ invalidatesTags: LIST });
