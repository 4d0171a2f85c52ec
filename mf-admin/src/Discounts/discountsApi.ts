import { api, type ApiBody, type ApiResponse, type CampClass, type Paged } from '@sportify/shared-ui';

export type DiscountsOverview = ApiResponse<'/discounts', 'get'>;
export type EarlyBird = DiscountsOverview['earlyBird'][number];
export type PromoCodePage = ApiResponse<'/discounts/codes', 'get'>;
export type PromoCode = PromoCodePage['items'][number];
export type NewPromoCode = ApiBody<'/discounts/codes', 'post'>;
type ApprovedClasses = Paged<CampClass>;

// Discounts are new to the shared api: their tag is added here, at run time, so the shell needs no new build.
export const discountsApi = api.enhanceEndpoints({ addTagTypes: ['Discount'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The sibling discount and the classes with an early-bird price. */
    getDiscounts: build.query<DiscountsOverview, void>({
      query: () => ({ url: '/discounts' }),
      providesTags: [{ type: 'Discount', id: 'SETTINGS' }],
    }),
    setSibling: build.mutation<unknown, number>({
      query: (percent) => ({ url: '/discounts/sibling', method: 'PUT', data: { percent } }),
      invalidatesTags: [{ type: 'Discount', id: 'SETTINGS' }],
    }),
    setEarlyBird: build.mutation<EarlyBird, { classId: string; price: number; until: string }>({
      query: ({ classId, price, until }) => ({
        url: `/discounts/early-bird/${encodeURIComponent(classId)}`,
        method: 'PUT',
        data: { price, until },
      }),
      invalidatesTags: [{ type: 'Discount', id: 'SETTINGS' }],
    }),
    removeEarlyBird: build.mutation<unknown, string>({
      query: (classId) => ({ url: `/discounts/early-bird/${encodeURIComponent(classId)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Discount', id: 'SETTINGS' }],
    }),
    /** The newest 60 codes. */
    getPromoCodes: build.query<PromoCodePage, void>({
      query: () => ({ url: '/discounts/codes', params: { limit: 60 } }),
      providesTags: [{ type: 'Discount', id: 'CODES' }],
    }),
    createPromoCode: build.mutation<PromoCode, NewPromoCode>({
      query: (data) => ({ url: '/discounts/codes', method: 'POST', data }),
      invalidatesTags: [{ type: 'Discount', id: 'CODES' }],
    }),
    disablePromoCode: build.mutation<PromoCode, string>({
      query: (id) => ({ url: `/discounts/codes/${encodeURIComponent(id)}/disable`, method: 'POST' }),
      invalidatesTags: [{ type: 'Discount', id: 'CODES' }],
    }),
    /** Approved classes to choose from (the first 60, by the API's order). */
    getApprovedClasses: build.query<ApprovedClasses, void>({
      query: () => ({ url: '/all-classes', params: { status: 'approved', limit: 60 } }),
    }),
  }),
});

export const {
  useGetDiscountsQuery,
  useSetSiblingMutation,
  useSetEarlyBirdMutation,
  useRemoveEarlyBirdMutation,
  useGetPromoCodesQuery,
  useCreatePromoCodeMutation,
  useDisablePromoCodeMutation,
  useGetApprovedClassesQuery,
} = discountsApi;
