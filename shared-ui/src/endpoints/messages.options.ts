// What each of the messages module's calls adds to its generated request (messages/<call>.gen.ts): its cache tag. A
// class's history is tagged by the class; a family's messages and unread count by 'Messages' alone.
import { mutation, query } from './inject';

export const classMessagesHistory = query<unknown, { id: string }>({
  providesTags: (_result, _error, { id }) => [{ type: 'Messages', id }],
});
export const classMessagesSend = mutation<unknown, { id: string }>({
  invalidatesTags: (_result, _error, { id }) => [{ type: 'Messages', id }],
});
export const messagesInbox = query({ providesTags: ['Messages'] });
export const messagesUnread = query({ providesTags: ['Messages'] });
export const messagesMarkRead = mutation({ invalidatesTags: ['Messages'] });
