import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import type { InboxMessage } from './messagesApi';
import { MessagesPage } from './MessagesPage';

const rain: InboxMessage = {
  _id: 'm1',
  classId: 'c1',
  className: 'Junior Soccer',
  subject: 'Rain tomorrow',
  body: 'We meet in the gym.\n<b>Bring shoes.</b>',
  senderName: 'Jordan Lee',
  sentAt: '2027-07-05T20:00:00.000Z',
  read: false,
};
const older: InboxMessage = { ...rain, _id: 'm0', subject: 'Welcome', body: 'Hello.', read: true };
const page = (items: InboxMessage[]) => ({ items, total: items.length, page: 1, limit: 20 });

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
