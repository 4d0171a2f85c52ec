// What each of the campers module's calls adds to its generated request (campers/<call>.gen.ts): its cache tag.
import { mutation, query } from './inject';

const LIST = [{ type: 'Camper' as const, id: 'LIST' }];

export const campersList = query({ providesTags: LIST });
export const campersCreate = mutation({ invalidatesTags: LIST });
export const campersUpdate = mutation({ invalidatesTags: LIST });
export const campersRemove = mutation({ invalidatesTags: LIST });
// A file fetched on demand, never cached.
export const campersExportData = mutation();
export const campersAddPickup = mutation({ invalidatesTags: LIST });
export const campersRemovePickup = mutation({ invalidatesTags: LIST });
