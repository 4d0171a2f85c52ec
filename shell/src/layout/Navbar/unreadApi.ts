import { api, type ApiResponse } from '@sportify/shared-ui';

// The 'Messages' tag is shared with mf-student's Messages screen: reading a message there updates this count.
export const unreadApi = api.enhanceEndpoints({ addTagTypes: ['Messages'] }).injectEndpoints({
  endpoints: (build) => ({
    getUnreadMessages: build.query<ApiResponse<'/messages/unread', 'get'>, void>({
      query: () => ({ url: '/messages/unread' }),
      providesTags: ['Messages'],
    }),
  }),
});

export const { useGetUnreadMessagesQuery } = unreadApi;
