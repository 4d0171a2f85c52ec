import { api, type ApiResponse } from '@sportify/shared-ui';

export type InboxPage = ApiResponse<'/messages', 'get'>;
export type InboxMessage = InboxPage['items'][number];

// The 'Messages' tag is shared with the navbar's unread count (the shell's), so reading here updates it.
export const messagesApi = api.enhanceEndpoints({ addTagTypes: ['Messages'] }).injectEndpoints({
  endpoints: (build) => ({
    getMessages: build.query<InboxPage, number>({
      query: (page) => ({ url: '/messages', params: { page } }),
      providesTags: ['Messages'],
    }),
    markMessageRead: build.mutation<{ _id: string; read: boolean }, string>({
      query: (id) => ({ url: `/messages/${encodeURIComponent(id)}/read`, method: 'POST' }),
      invalidatesTags: ['Messages'],
    }),
  }),
});

export const { useGetMessagesQuery, useMarkMessageReadMutation } = messagesApi;
