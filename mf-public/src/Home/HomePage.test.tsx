import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme, type PublicClass, type PublicPerson } from '@sportify/shared-ui';
import { AxiosError, type AxiosAdapter } from 'axios';
import { httpClient, mockApi, renderScreen } from '@sportify/shared-ui/testing';
import { HomePage } from './HomePage';

const cls = (id: string, className: string, enrolled: number, seats: number): PublicClass => ({
  _id: id,
  className,
  classImage: `/images/classes/${id}.svg`,
  picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
  instructorName: 'Sam Rivera',
  instructorEmail: 'sam@sportify.camp',
  seats,
  price: 135,
  enrolled,
});
const popular = [
  cls('c1', 'Basketball Skills Development', 22, 8),
  cls('c2', 'Soccer Fundamentals', 19, 12),
  cls('c3', 'Tennis Camp', 16, 0),
];
const person = (id: string, userName: string, email: string): PublicPerson => ({
  _id: id,
  userName,
  email,
  userPhoto: `/images/people/${id}.svg`,
  picture: { status: 'ready', id: id.padEnd(32, '0') },
});
const instructors = [
  person('sam', 'Sam Rivera', 'sam@sportify.camp'),
  person('jordan', 'Jordan Lee', 'jordan@sportify.camp'),
];
const admins = [
  person('alex', 'alex morgan', 'admin@sportify.camp'),
  person('priya', 'Priya Shah', 'priya@sportify.camp'),
];

const OK: Record<string, [number, unknown]> = {
  'GET /classes/popular': [200, popular],
  'GET /users/popular': [200, instructors],
  'GET /users/admin': [200, admins],
};

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

const open = () => renderScreen(<HomePage />);
const section = (heading: string) =>
  screen.getByRole('heading', { name: heading, level: 2 }).closest('section') as HTMLElement;

describe('Home', () => {
  it('has the Home title and its sections in order: carousel, popular classes, popular instructors, contributors', async () => {
    http = mockApi({ ...OK });
    open();
    expect(document.title).toBe('Sportify Camp || Home');
    const carousel = screen.getByRole('region', { name: 'Camp highlights' });
    // One h1 for the page (read by screen readers); the sections are h2, beside the slides' own titles.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sportify Camp');
    const headings = screen.getAllByRole('heading', { level: 2 }).filter((h) => !carousel.contains(h));
    expect(headings.map((h) => h.textContent)).toEqual([
      'Top 6 Popular Class',
      'Top 6 Popular Instructors',
      'Our Three Main Contributors',
    ]);
    expect(carousel.compareDocumentPosition(headings[0]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await screen.findByRole('article', { name: 'alex morgan' });
  });

  it('asks for the three lists at once: all are in flight before any is answered', async () => {
    http = mockApi({ ...OK });
    // Hold every answer until all requests have started; a waterfall would stall here with one request.
    const answer = httpClient.defaults.adapter as AxiosAdapter;
    const started: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    httpClient.defaults.adapter = async (config) => {
      started.push(config.url ?? '');
      await gate;
      return answer(config);
    };
    open();
    await waitFor(() => expect([...started].sort()).toEqual(['/classes/popular', '/users/admin', '/users/popular']));
    release();
    expect(await screen.findByRole('article', { name: 'alex morgan' })).toBeInTheDocument();
  });

  it('shows the popular classes in the order the server ranks them, with enrolment, and a red card when full', async () => {
    http = mockApi({ ...OK });
    open();
    await screen.findByRole('article', { name: 'Basketball Skills Development' });
    const cards = within(section('Top 6 Popular Class')).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(popular.map((c) => c.className));
    expect(cards[0]).toHaveTextContent('Instructor Name: Sam Rivera');
    expect(cards[0]).toHaveTextContent('Available Seats: 8');
    expect(cards[0]).toHaveTextContent('Price: $135');
    expect(cards[0]).toHaveTextContent('Enrolled Student: 22');
    // The first card's picture loads at once (a phone's largest paint); the rest lazily.
    expect(within(cards[0]).getByRole('img', { name: 'Basketball Skills Development' })).toHaveAttribute(
      'loading',
      'eager',
    );
    expect(cards.map((c) => within(c).getByRole('img').getAttribute('loading'))).toEqual(
      cards.map((_, i) => (i === 0 ? 'eager' : 'lazy')),
    );
    expect(cards[2]).toHaveStyle({ background: theme.colors.dangerSurface });
    expect(cards[0]).toHaveStyle({ background: theme.colors.surface });
  });

  it('shows the popular instructors with a round photo, the name in capitals and the e-mail', async () => {
    http = mockApi({ ...OK });
    open();
    const sam = await screen.findByRole('article', { name: 'Sam Rivera' });
    expect(within(section('Top 6 Popular Instructors')).getAllByRole('article')).toHaveLength(2);
    expect(within(sam).getByRole('heading', { name: 'Sam Rivera' })).toHaveStyle({ textTransform: 'uppercase' });
    const photo = within(sam).getByRole('img', { name: 'Sam Rivera' });
    expect(photo).toHaveAttribute('src', `/pictures/${'sam'.padEnd(32, '0')}/160.jpg`);
    expect(photo).toHaveAttribute('width', '128');
    expect(photo).toHaveAttribute('height', '128');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveStyle({ borderRadius: theme.radius.round });
    expect(sam).toHaveTextContent('Instructor Email: sam@sportify.camp');
  });

  it("shows a card per admin under 'Our Three Main Contributors' with the capitalised name and 'Instructor Email:'", async () => {
    http = mockApi({ ...OK });
    open();
    const alex = await screen.findByRole('article', { name: 'alex morgan' });
    const cards = within(section('Our Three Main Contributors')).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['alex morgan', 'Priya Shah']);
    expect(within(alex).getByRole('heading', { name: 'alex morgan' })).toHaveStyle({ textTransform: 'capitalize' });
    expect(within(alex).getByRole('img', { name: 'alex morgan' })).toHaveStyle({ borderRadius: theme.radius.round });
    expect(alex).toHaveTextContent('Instructor Email: admin@sportify.camp');
    expect(within(alex).getByRole('link', { name: 'admin@sportify.camp' })).toHaveAttribute(
      'href',
      'mailto:admin@sportify.camp',
    );
  });

  it.each([
    ['Top 6 Popular Class', 'GET /classes/popular', 'Loading popular classes', 'Popular classes', 'No classes yet'],
    [
      'Top 6 Popular Instructors',
      'GET /users/popular',
      'Loading popular instructors',
      'Popular instructors',
      'No instructors yet',
    ],
    ['Our Three Main Contributors', 'GET /users/admin', 'Loading contributors', 'Contributors', 'No contributors yet'],
  ])(
    '%s: spinner, then a readable error with Retry; the other sections still load',
    async (heading, route, loading, what, empty) => {
      let answer: [number, unknown] = [500, { statusCode: 500, message: 'Internal server error' }];
      http = mockApi({ ...OK, [route]: () => answer });
      const user = userEvent.setup();
      open();
      expect(within(section(heading)).getByRole('status', { name: loading })).toBeInTheDocument();
      const alert = await within(section(heading)).findByRole('alert');
      expect(alert).toHaveTextContent(`${what} could not be loaded: Internal server error`);
      // One failing list does not hold up the other sections.
      expect(await screen.findAllByRole('article')).not.toHaveLength(0);

      answer = [200, []];
      await user.click(within(section(heading)).getByRole('button', { name: 'Retry' }));
      expect(await within(section(heading)).findByText(empty)).toBeInTheDocument();
      expect(within(section(heading)).queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('says the server did not answer when the network is down', async () => {
    http = mockApi({});
    // No response at all, as the client reports a refused connection.
    httpClient.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    };
    open();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    for (const alert of screen.getAllByRole('alert')) {
      expect(alert).toHaveTextContent(
        'could not be loaded: the server did not answer. Check your connection and try again.',
      );
    }
  });
});
