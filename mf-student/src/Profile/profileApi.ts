import { api, type ApiBody, type ApiResponse } from '@sportify/shared-ui';

/** Body of PATCH /me: the name, and a photo as a URL (imported by the API) or an uploaded picture's id. */
export type ProfileChanges = ApiBody<'/me', 'patch'>;
export type Me = ApiResponse<'/me', 'get'>;

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<Me, ProfileChanges>({
      query: (data) => ({ url: '/me', method: 'PATCH', data }),
      // The session as data (GET /me) and every list that shows people.
      invalidatesTags: ['Role', 'User'],
    }),
  }),
});

export const { useUpdateProfileMutation } = profileApi;
