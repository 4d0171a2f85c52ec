import { api, type ApiBody, type ApiResponse } from '@sportify/shared-ui';

export type WaiverVersion = NonNullable<ApiResponse<'/waivers/current', 'get'>['current']>;
export type PublishWaiver = ApiBody<'/waivers', 'post'>;
export type SignaturePage = ApiResponse<'/waivers/signatures', 'get'>;
export type Signature = SignaturePage['items'][number];

// Waivers are new to the shared api: their tags are added here, at run time, so the shell needs no new build.
export const waiversApi = api.enhanceEndpoints({ addTagTypes: ['Waiver', 'WaiverSignature'] }).injectEndpoints({
  endpoints: (build) => ({
    getCurrentWaiver: build.query<WaiverVersion | null, void>({
      query: () => ({ url: '/waivers/current' }),
      transformResponse: (body: { current: WaiverVersion | null }) => body.current,
      providesTags: ['Waiver'],
    }),
    publishWaiver: build.mutation<WaiverVersion, PublishWaiver>({
      query: (data) => ({ url: '/waivers', method: 'POST', data }),
      invalidatesTags: ['Waiver'],
    }),
    getSignatures: build.query<SignaturePage, { q: string; page: number }>({
      query: ({ q, page }) => ({ url: '/waivers/signatures', params: { page, ...(q ? { q } : {}) } }),
      providesTags: ['WaiverSignature'],
    }),
    /** One signed waiver as a text file (a mutation: fetched on demand, never cached). */
    signedWaiver: build.mutation<string, string>({
      query: (id) => ({ url: `/waivers/signatures/${encodeURIComponent(id)}/document` }),
    }),
  }),
});

export const { useGetCurrentWaiverQuery, usePublishWaiverMutation, useGetSignaturesQuery, useSignedWaiverMutation } =
  waiversApi;
