import { api, type ApiBody, type ApiList, type ApiResponse } from '@sportify/shared-ui';

/** A child of the signed-in account (GET /campers); `age` is today's, counted by the API. */
export type Camper = ApiList<'/campers'>[number];

/** A person the family names to collect a camper at check-out. */
export type Pickup = Camper['pickups'][number];
export type PickupInput = ApiBody<'/campers/{id}/pickups', 'post'>;

/** Body of POST /campers (and, every field optional, PATCH /campers/:id). */
export type CamperInput = Required<ApiBody<'/campers', 'post'>>;

// Campers are new to the shared api: their tag is added here, at run time, so the shell needs no new build.
export const familyApi = api.enhanceEndpoints({ addTagTypes: ['Camper'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The account's campers, oldest first. */
    getCampers: build.query<Camper[], void>({
      query: () => ({ url: '/campers' }),
      providesTags: [{ type: 'Camper', id: 'LIST' }],
    }),
    addCamper: build.mutation<Camper, CamperInput>({
      query: (data) => ({ url: '/campers', method: 'POST', data }),
      invalidatesTags: [{ type: 'Camper', id: 'LIST' }],
    }),
    updateCamper: build.mutation<Camper, { id: string; changes: Partial<CamperInput> }>({
      query: ({ id, changes }) => ({ url: `/campers/${encodeURIComponent(id)}`, method: 'PATCH', data: changes }),
      invalidatesTags: [{ type: 'Camper', id: 'LIST' }],
    }),
    removeCamper: build.mutation<ApiResponse<'/campers/{id}', 'delete'>, string>({
      query: (id) => ({ url: `/campers/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Camper', id: 'LIST' }],
    }),
    addPickup: build.mutation<Camper, { camperId: string; pickup: PickupInput }>({
      query: ({ camperId, pickup }) => ({
        url: `/campers/${encodeURIComponent(camperId)}/pickups`,
        method: 'POST',
        data: pickup,
      }),
      invalidatesTags: [{ type: 'Camper', id: 'LIST' }],
    }),
    removePickup: build.mutation<Camper, { camperId: string; pickupId: string }>({
      query: ({ camperId, pickupId }) => ({
        url: `/campers/${encodeURIComponent(camperId)}/pickups/${encodeURIComponent(pickupId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: [{ type: 'Camper', id: 'LIST' }],
    }),
    /** Everything the camp keeps about the family, as JSON (a mutation: fetched on demand, never cached). */
    exportFamily: build.mutation<unknown, void>({
      query: () => ({ url: '/campers/export' }),
    }),
  }),
});

export const {
  useGetCampersQuery,
  useAddCamperMutation,
  useUpdateCamperMutation,
  useRemoveCamperMutation,
  useExportFamilyMutation,
  useAddPickupMutation,
  useRemovePickupMutation,
} = familyApi;
