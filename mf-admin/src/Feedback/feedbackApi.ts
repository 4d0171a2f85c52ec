import { api, type ApiResponse } from '@sportify/shared-ui';

export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The admin's feedback on a class, shown to its instructor in My Classes. */
    sendFeedback: build.mutation<ApiResponse<'/classes/feedback/{id}', 'patch'>, { id: string; feedback: string }>({
      query: ({ id, feedback }) => ({ url: `/classes/feedback/${id}`, method: 'PATCH', data: { feedback } }),
      // Manage Classes and the instructor's My Classes show the text, so every class list refetches.
      invalidatesTags: ['Class'],
    }),
  }),
});

export const { useSendFeedbackMutation } = feedbackApi;
