// The selections module's calls (a student's selected classes, selecting, removing, the payment page's selection),
// with their cache tags. Generated requests: selections.gen.ts (`npm run contract`).
import { selectionsEndpoints } from './selections.gen';

const LIST = [{ type: 'Selection' as const, id: 'LIST' }];

export const selectionsApi = selectionsEndpoints.enhanceEndpoints({
  endpoints: {
    selectionsList: { providesTags: LIST },
    selectionsForPayment: { providesTags: (_result, _error, id) => [{ type: 'Selection', id }] },
    // Also after a refusal (e.g. 409 'already selected' from another tab): the lists then show the truth.
    selectionsSelect: { invalidatesTags: LIST },
    selectionsRemove: { invalidatesTags: LIST },
  },
});

export * from './selections.gen';
