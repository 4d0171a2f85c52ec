import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { useMessagesUnreadQuery, type InboxMessageResponse } from '@sportify/shared-ui/endpoints/messages';
import { MessagesPage } from './MessagesPage';

const rain: InboxMessageResponse = {
  _id: 'm1',
  classId: 'c1',
  className: 'Junior Soccer',
  subject: 'Rain tomorrow',
  body: 'We meet in the gym.\n<b>Bring shoes.</b>',
  senderName: 'Jordan Lee',
  sentAt: '2027-07-05T20:00:00.000Z',
  read: false,
};
const older: InboxMessageResponse = { ...rain, _id: 'm0', subject: 'Welcome', body: 'Hello.', read: true };
const page = (items: InboxMessageResponse[]) => ({ items, total: items.length, page: 1, limit: 20 });

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

const open = (session = sessionAs('student', 'mia@sportify.camp', 'Mia Chen')) =>
  renderScreen(<MessagesPage />, { path: '/dashboard/messages', session });

describe('Messages', () => {
  it('lists the messages, newest first, as plain text; an unread one is marked read once shown', async () => {
    http = mockApi({
      'GET /messages': [200, page([rain, older])],
      'POST /messages/m1/read': [200, { _id: 'm1', read: true }],
    });
    open();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [first, second] = within(list).getAllByRole('article');
    expect(within(first).getByRole('heading', { name: 'Rain tomorrow New' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Junior Soccer, from Jordan Lee');
    // Text, never markup.
    expect(within(first).getByText(/<b>Bring shoes.<\/b>/)).toBeInTheDocument();
    expect(first.querySelector('b')).toBeNull();
    expect(within(second).getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    await waitFor(() =>
      expect(http.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/messages/m1/read']),
    );
  });

  it("has the unread count read again once a message is read (the navbar's count of the same call)", async () => {
    let read = false;
    http = mockApi({
      'GET /messages': [200, page([rain, older])],
      'GET /messages/unread': () => [200, { unread: read ? 0 : 1 }],
      'POST /messages/m1/read': () => {
        read = true;
        return [200, { _id: 'm1', read: true }];
      },
    });
    function UnreadCount() {
      const { data } = useMessagesUnreadQuery();
      return <p>{data ? `${data.unread} unread` : ''}</p>;
    }
    renderScreen(
      <>
        <UnreadCount />
        <MessagesPage />
      </>,
      { path: '/dashboard/messages', session: sessionAs('student', 'mia@sportify.camp', 'Mia Chen') },
    );
    expect(await screen.findByText('0 unread')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.url === '/messages/unread')).toHaveLength(2);
  });

  it('says when there is none yet', async () => {
    http = mockApi({ 'GET /messages': [200, page([])] });
    open();
    expect(
      await screen.findByText("No messages yet. Your instructors' messages to your classes show here."),
    ).toBeInTheDocument();
  });

  it('makes no call for an instructor', () => {
    http = mockApi({});
    open(sessionAs('instructor'));
    expect(http.calls).toEqual([]);
  });
});
