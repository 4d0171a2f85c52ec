import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { formatCampDate, ListState, PageHeading, Spinner, UrlPagination, useUrlQuery } from '@sportify/shared-ui';
import { CardList, ListCard } from '../common/CardList';
import { StudentsOnly } from '../common/States';
import { useStudent } from '../common/useStudent';
import {
  useMessagesInboxQuery,
  useMessagesMarkReadMutation,
  type InboxMessageResponse,
} from '@sportify/shared-ui/endpoints/messages';

/** Messages: what the instructors (and the camp office) wrote to the families of the classes the family is in. */
export function MessagesPage() {
  const student = useStudent();
  return (
    <section aria-labelledby="messages-heading">
      <PageHeading id="messages-heading">Messages</PageHeading>
      {student.kind === 'loading' && <Spinner label="Loading your messages" />}
      {student.kind === 'notStudent' && <StudentsOnly />}
      {student.kind === 'student' && <Inbox />}
    </section>
  );
}

function Inbox() {
  const url = useUrlQuery();
  const query = useMessagesInboxQuery({ page: url.page });
  return (
    <>
      <ListState
        query={{ ...query, data: query.data?.items }}
        loadingLabel="Loading your messages"
        errorText="Your messages could not be loaded."
        emptyText="No messages yet. Your instructors' messages to your classes show here."
      >
        {(items) => (
          <CardList aria-label="Messages">
            {items.map((m) => (
              <li key={m._id}>
                <Message message={m} />
              </li>
            ))}
          </CardList>
        )}
      </ListState>
      <UrlPagination data={query.data} label="Messages pages" />
    </>
  );
}

/** A message shown is read: it is marked so once, and keeps its "New" label while the page is open. */
function Message({ message }: { message: InboxMessageResponse }) {
  const [markRead] = useMessagesMarkReadMutation();
  const [wasNew] = useState(!message.read);
  useEffect(() => {
    if (!message.read) void markRead(message._id);
  }, [message._id, message.read, markRead]);
  return (
    <ListCard $gap={2} aria-labelledby={`message-${message._id}`}>
      <h2 id={`message-${message._id}`}>
        {message.subject}
        {wasNew && <New> New</New>}
      </h2>
      <Meta>
        {message.className}, from {message.senderName}, {formatCampDate(message.sentAt)}
      </Meta>
      <Body>{message.body}</Body>
    </ListCard>
  );
}

const New = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  font-size: 0.9rem;
`;

const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

// Plain text: React escapes it; line breaks are kept.
const Body = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
