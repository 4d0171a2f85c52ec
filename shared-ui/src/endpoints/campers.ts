// The campers module's calls (a family's campers, adding, editing, removing one, the family's export), with their
// cache tag. Generated requests: campers.gen.ts (`npm run contract`).
import { campersEndpoints } from './campers.gen';

const LIST = [{ type: 'Camper' as const, id: 'LIST' }];

// Campers are newer than the shared api: their tag is added here, so no shell build is needed for it.
export const campersApi = campersEndpoints.enhanceEndpoints({
  addTagTypes: ['Camper'],
  endpoints: {
    campersList: { providesTags: LIST },
    campersCreate: { invalidatesTags: LIST },
    campersUpdate: { invalidatesTags: LIST },
    campersRemove: { invalidatesTags: LIST },
  },
});

export * from './campers.gen';
