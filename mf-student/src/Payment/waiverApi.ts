import { api, type ApiBody, type ApiResponse } from '@sportify/shared-ui';

/** GET /waivers/family: the current waiver and where each of the family's campers stands with it. */
export type FamilyWaivers = ApiResponse<'/waivers/family', 'get'>;
export type SignWaiver = ApiBody<'/waivers/signatures', 'post'>;

// Waivers are new to the shared api: their tag is added here, at run time, so the shell needs no new build.
export const waiverApi = api.enhanceEndpoints({ addTagTypes: ['FamilyWaivers'] }).injectEndpoints({
  endpoints: (build) => ({
    getFamilyWaivers: build.query<FamilyWaivers, void>({
      query: () => ({ url: '/waivers/family' }),
      providesTags: ['FamilyWaivers'],
      keepUnusedDataFor: 0,
    }),
    signWaiver: build.mutation<ApiResponse<'/waivers/signatures', 'post'>, SignWaiver>({
      query: (data) => ({ url: '/waivers/signatures', method: 'POST', data }),
      invalidatesTags: ['FamilyWaivers'],
    }),
  }),
});

export const { useGetFamilyWaiversQuery, useSignWaiverMutation } = waiverApi;
