import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer, signedIn, theme, type PublicClass, type SessionState } from '@sportify/shared-ui';
import { mockApi, pagedRoute, renderScreen, sessionAs, signedOut } from '@sportify/shared-ui/testing';
import { ClassesPage } from './ClassesPage';

const cls = (id: string, className: string, seats: number, price = 100): PublicClass => ({
  _id: id,
  className,
  classImage: `/images/classes/${id}.svg`,
  picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
  instructorName: 'Jordan Lee',
  instructorEmail: 'jordan@sportify.camp',
  seats,
  price,
  enrolled: 3,
});
const soccer = cls('c1', 'Soccer Fundamentals', 12, 120);
const tennis = cls('c2', 'Tennis Camp', 0, 150);
const swimming = cls('c3', 'Swimming Lessons', 10, 110);
const volleyball = cls('c4', 'Volleyball Clinic', 15, 95);
const ALL = [soccer, tennis, swimming, volleyball];
const page = (items: PublicClass[], total = items.length, pageNo = 1) => ({ items, total, page: pageNo, limit: 24 });
const PAGE = page(ALL);
const INSTRUCTORS: [number, unknown] = [200, page([])];

const email = 'mia@sportify.camp';
const selectedUrl = `GET /classes/selected/${encodeURIComponent(email)}`;
const enrolledUrl = `GET /payments/enrolled/${encodeURIComponent(email)}`;
const placesUrl = `GET /waitlist/places/${encodeURIComponent(email)}`;
const student = sessionAs('student', email, 'Mia Chen');
/** The student's rows of the classes asked about (`classIds`), as the API answers them. */
const ofShown = (row: { classId: string }, { classIds }: Record<string, string | number | undefined>) =>
  String(classIds).split(',').includes(row.classId);

let http: ReturnType<typeof mockApi>;
afterEach(() => http.restore());

function open(session: SessionState) {
  // The toast container lives outside the router (as the shell's does), so notices survive a navigation.
  render(<AppToastContainer />);
  return renderScreen(<ClassesPage />, { path: '/classes', session, otherPaths: ['/login'] });
}

const card = (name: string) => screen.getByRole('article', { name });
const selectIn = (name: string) => within(card(name)).getByRole('button', { name: /^(Select|Selected|Enrolled)$/ });

describe('Classes', () => {
  it('shows every approved class as a card: image, name, instructor, seats and price in $', async () => {
    http = mockApi({ 'GET /classes': [200, PAGE], 'GET /instructors': INSTRUCTORS });
    open(signedOut);
    expect(screen.getByRole('heading', { name: 'All Classes are here' })).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'Soccer Fundamentals' });
    expect(within(first).getByRole('heading', { name: 'Soccer Fundamentals' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Instructor Name: Jordan Lee');
    expect(first).toHaveTextContent('Available Seats: 12');
    expect(first).toHaveTextContent('Price: $120');
    const image = within(first).getByRole('img', { name: 'Soccer Fundamentals' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(
      ALL.map((c) => c.className),
    );
  });

  it('turns a full class red and disables its Select', async () => {
    http = mockApi({ 'GET /classes': [200, PAGE], 'GET /instructors': INSTRUCTORS });
    open(signedOut);
    const full = await screen.findByRole('article', { name: 'Tennis Camp' });
    expect(full).toHaveStyle({ background: theme.colors.dangerSurface });
    expect(within(full).getByRole('button', { name: 'Select' })).toBeDisabled();
    expect(card('Soccer Fundamentals')).toHaveStyle({ background: theme.colors.surface });
    expect(selectIn('Soccer Fundamentals')).toBeEnabled();
  });

  it('sends a signed-out visitor to login, saying why, and asks the API nothing about them', async () => {
    http = mockApi({ 'GET /classes': [200, PAGE], 'GET /instructors': INSTRUCTORS });
    const user = userEvent.setup();
    const { router } = open(signedOut);
    await screen.findByRole('article', { name: 'Soccer Fundamentals' });
    await user.click(selectIn('Soccer Fundamentals'));
    expect(await screen.findByText('You have to login first to enroll')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'at /login' })).toBeInTheDocument();
    // The shell's login page returns to state.from.pathname.
    expect((router.state.location.state as { from: { pathname: string } }).from.pathname).toBe('/classes');
    expect(http.calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual(['GET /classes', 'GET /instructors']);
  });

  it("selects a class for a student: the API's insertedId turns it 'Selected' with the notice", async () => {
    let selections: { _id: string; classId: string }[] = [];
    http = mockApi({
      'GET /classes': [200, PAGE],
      'GET /instructors': INSTRUCTORS,
      [selectedUrl]: pagedRoute(() => selections, ofShown),
      [enrolledUrl]: pagedRoute([]),
      'POST /classes/selected': (_config, body) => {
        selections = [{ _id: 's1', classId: (body as { classId: string }).classId }];
        return [201, { insertedId: 's1' }];
      },
    });
    const user = userEvent.setup();
    open(student);
    await user.click(await findEnabledSelect('Swimming Lessons'));

    expect(await screen.findByText('Your class is successfully selected')).toBeInTheDocument();
    expect(selectIn('Swimming Lessons')).toHaveTextContent('Selected');
    expect(selectIn('Swimming Lessons')).toBeDisabled();
    expect(selectIn('Soccer Fundamentals')).toBeEnabled();
    const post = http.calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/classes/selected');
    expect(post?.body).toEqual({
      classId: 'c3',
      className: 'Swimming Lessons',
      instructorName: 'Jordan Lee',
      seats: 10,
      studentEmail: email,
      price: 110,
    });
    // The selections list is read again, so the dashboard and this page agree.
    expect(http.calls.filter((c) => `${c.method} ${c.url}` === selectedUrl).length).toBeGreaterThanOrEqual(2);
  });

  it('reads already selected and paid-for classes from the server and disables them', async () => {
    const asked: Record<string, unknown>[] = [];
    http = mockApi({
      'GET /classes': [200, PAGE],
      'GET /instructors': INSTRUCTORS,
      [selectedUrl]: (config, body) => {
        asked.push(config.params as Record<string, unknown>);
        return pagedRoute([{ _id: 's9', classId: 'c1' }], ofShown)(config, body);
      },
      [enrolledUrl]: pagedRoute([{ _id: 'p1', classId: 'c4' }], ofShown),
    });
    open(student);
    await findEnabledSelect('Swimming Lessons');
    // Only about the cards shown, never the student's whole list.
    expect(asked).toEqual([{ classIds: 'c1,c2,c3,c4', limit: 24 }]);
    expect(selectIn('Soccer Fundamentals')).toHaveTextContent('Selected');
    expect(selectIn('Soccer Fundamentals')).toBeDisabled();
    expect(selectIn('Volleyball Clinic')).toHaveTextContent('Enrolled');
    expect(selectIn('Volleyball Clinic')).toBeDisabled();
    expect(selectIn('Tennis Camp')).toBeDisabled();
  });

  it('keeps a card selectable while the cards of a search are checked: a click right after the search selects', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    http = mockApi({
      'GET /classes': pagedRoute(ALL, (c, { q }) => !q || c.className.toLowerCase().includes(String(q))),
      'GET /instructors': INSTRUCTORS,
      // The student's rows about the searched cards answer only once released: the test clicks before that.
      [selectedUrl]: async (config, body) => {
        if ((config.params as { classIds: string }).classIds !== 'c1,c2,c3,c4') await held;
        return pagedRoute([], ofShown)(config, body);
      },
      [enrolledUrl]: pagedRoute([]),
      'POST /classes/selected': [201, { insertedId: 's1' }],
    });
    const user = userEvent.setup();
    open(student);
    await findEnabledSelect('Swimming Lessons');
    await user.type(screen.getByRole('searchbox', { name: 'Search classes' }), 'swim');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    await waitFor(() =>
      expect(http.calls.filter((c) => `${c.method} ${c.url}` === selectedUrl).length).toBeGreaterThanOrEqual(2),
    );
    expect(selectIn('Swimming Lessons')).toBeEnabled();
    await user.click(selectIn('Swimming Lessons'));
    expect(await screen.findByText('Your class is successfully selected')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/classes/selected']);
    release();
  });

  it("never shows one student's selections to another student signed in on the same page", async () => {
    const other = encodeURIComponent('noah@sportify.camp');
    http = mockApi({
      'GET /classes': [200, PAGE],
      'GET /instructors': INSTRUCTORS,
      [selectedUrl]: pagedRoute([{ _id: 's9', classId: 'c1' }], ofShown),
      [enrolledUrl]: pagedRoute([]),
      // The other student's selections are still being read while the test looks.
      [`GET /classes/selected/${other}`]: () => new Promise(() => {}),
      [`GET /payments/enrolled/${other}`]: pagedRoute([]),
    });
    const { store } = open(student);
    await waitFor(() => expect(selectIn('Soccer Fundamentals')).toHaveTextContent('Selected'));
    act(() => {
      store.dispatch(
        signedIn({ user: { email: 'noah@sportify.camp', displayName: 'Noah', photoURL: null }, role: 'student' }),
      );
    });
    await waitFor(() => expect(http.calls.some((c) => c.url === `/classes/selected/${other}`)).toBe(true));
    expect(selectIn('Soccer Fundamentals')).toHaveTextContent(/^Select$/);
    expect(selectIn('Soccer Fundamentals')).toBeDisabled();
  });

  it("shows the API's reason when it refuses a selection", async () => {
    http = mockApi({
      'GET /classes': [200, PAGE],
      'GET /instructors': INSTRUCTORS,
      [selectedUrl]: pagedRoute([]),
      [enrolledUrl]: pagedRoute([]),
      'POST /classes/selected': [
        409,
        { statusCode: 409, message: 'You have already selected this class', error: 'Conflict' },
      ],
    });
    const user = userEvent.setup();
    open(student);
    await user.click(await findEnabledSelect('Soccer Fundamentals'));
    expect(await screen.findByText('You have already selected this class')).toBeInTheDocument();
    expect(screen.queryByText('Your class is successfully selected')).not.toBeInTheDocument();
  });

  it.each([['admin'], ['instructor']] as const)(
    'disables every Select for an %s and makes no student calls',
    async (role) => {
      http = mockApi({ 'GET /classes': [200, PAGE], 'GET /instructors': INSTRUCTORS });
      open(sessionAs(role));
      await screen.findByRole('article', { name: 'Soccer Fundamentals' });
      expect(screen.getAllByRole('button', { name: 'Select' }).every((b) => (b as HTMLButtonElement).disabled)).toBe(
        true,
      );
      expect(
        screen.getByText(`You are signed in as an ${role}: only student accounts select classes.`),
      ).toBeInTheDocument();
      expect(http.calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual(['GET /classes', 'GET /instructors']);
    },
  );

  it('keeps Select disabled while the session is still being checked', async () => {
    http = mockApi({ 'GET /classes': [200, PAGE], 'GET /instructors': INSTRUCTORS });
    open({ status: 'loading', user: null, role: null });
    await screen.findByRole('article', { name: 'Soccer Fundamentals' });
    expect(screen.getAllByRole('button', { name: 'Select' }).every((b) => (b as HTMLButtonElement).disabled)).toBe(
      true,
    );
  });

  it('shows a spinner while loading, then a readable error whose Retry loads the classes', async () => {
    let fail = true;
    http = mockApi({
      'GET /classes': () => (fail ? [503, { statusCode: 503, message: 'Service unavailable' }] : [200, PAGE]),
      'GET /instructors': INSTRUCTORS,
    });
    const user = userEvent.setup();
    open(signedOut);
    expect(screen.getByRole('status', { name: 'Loading classes' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Classes could not be loaded: Service unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Soccer Fundamentals' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'No classes yet' when there are none", async () => {
    http = mockApi({ 'GET /classes': [200, page([])], 'GET /instructors': INSTRUCTORS });
    open(signedOut);
    expect(await screen.findByText('No classes yet')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

/** A card's Select once the student's own lists have loaded (before that it is disabled). */
describe('Classes: the waitlist of a full class', () => {
  const studentRoutes = (places: unknown[] = [], enrolled: { _id: string; classId: string }[] = []) => ({
    'GET /classes': [200, PAGE] as [number, unknown],
    'GET /instructors': INSTRUCTORS,
    [selectedUrl]: pagedRoute([]),
    [enrolledUrl]: pagedRoute(enrolled, ofShown),
    [placesUrl]: () => [200, places] as [number, unknown],
  });

  it('offers Join waitlist on a full card only, next to its disabled Select; joining shows the notice and the number', async () => {
    let places: unknown[] = [];
    http = mockApi({
      ...studentRoutes(),
      [placesUrl]: () => [200, places],
      'POST /waitlist/c2': () => {
        places = [{ classId: 'c2', position: 3, state: 'waiting' }];
        return [201, places[0]];
      },
    });
    const user = userEvent.setup();
    open(student);
    const join = await within(await screen.findByRole('article', { name: 'Tennis Camp' })).findByRole('button', {
      name: 'Join waitlist',
    });
    expect(selectIn('Tennis Camp')).toBeDisabled();
    expect(card('Tennis Camp')).toHaveStyle({ background: theme.colors.dangerSurface });
    expect(screen.getAllByRole('button', { name: 'Join waitlist' })).toHaveLength(1);
    await user.click(join);
    expect(await screen.findByText('You joined the waitlist')).toBeInTheDocument();
    expect(await within(card('Tennis Camp')).findByText('You are #3 on the waitlist')).toBeInTheDocument();
    expect(within(card('Tennis Camp')).getByRole('button', { name: 'Leave waitlist' })).toBeEnabled();
    expect(within(card('Tennis Camp')).queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();
    expect(http.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/waitlist/c2']);
  });

  it('shows a waiting student their number; Leave waitlist takes them off it', async () => {
    let places: unknown[] = [{ classId: 'c2', position: 1, state: 'waiting' }];
    http = mockApi({
      ...studentRoutes(),
      [placesUrl]: () => [200, places],
      'DELETE /waitlist/c2': () => {
        places = [];
        return [200, { deletedCount: 1 }];
      },
    });
    const user = userEvent.setup();
    open(student);
    expect(await screen.findByText('You are #1 on the waitlist')).toBeInTheDocument();
    await user.click(within(card('Tennis Camp')).getByRole('button', { name: 'Leave waitlist' }));
    expect(await screen.findByText('You left the waitlist')).toBeInTheDocument();
    expect(await within(card('Tennis Camp')).findByRole('button', { name: 'Join waitlist' })).toBeInTheDocument();
    expect(screen.queryByText(/on the waitlist/)).not.toBeInTheDocument();
  });

  it("shows the API's reason when joining is refused", async () => {
    http = mockApi({
      ...studentRoutes(),
      'POST /waitlist/c2': [
        409,
        { statusCode: 409, message: 'You are already enrolled in this class', error: 'Conflict' },
      ],
    });
    const user = userEvent.setup();
    open(student);
    await user.click(await screen.findByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByText('You are already enrolled in this class')).toBeInTheDocument();
    expect(screen.queryByText('You joined the waitlist')).not.toBeInTheDocument();
  });

  it('offers no waitlist to a student enrolled in the class, or offered a held seat of it', async () => {
    http = mockApi(studentRoutes([], [{ _id: 'p1', classId: 'c2' }]));
    open(student);
    await waitFor(() => expect(selectIn('Tennis Camp')).toHaveTextContent('Enrolled'));
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();
    http.restore();

    http = mockApi(
      studentRoutes([{ classId: 'c2', position: 0, state: 'offered', heldUntil: '2026-07-01T10:00:00Z' }]),
    );
    open(student);
    await screen.findAllByRole('article', { name: 'Tennis Camp' });
    await waitFor(() => expect(http.calls.some((c) => `${c.method} ${c.url}` === placesUrl)).toBe(true));
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();
    expect(screen.queryByText(/on the waitlist/)).not.toBeInTheDocument();
  });

  it.each([['admin'], ['instructor'], ['visitor']] as const)('offers no waitlist to a %s', async (who) => {
    http = mockApi({ 'GET /classes': [200, PAGE], 'GET /instructors': INSTRUCTORS });
    open(who === 'visitor' ? signedOut : sessionAs(who));
    await screen.findByRole('article', { name: 'Tennis Camp' });
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();
    expect(http.calls.some((c) => c.url.startsWith('/waitlist'))).toBe(false);
  });
});

async function findEnabledSelect(name: string) {
  await screen.findByRole('article', { name });
  // The student's cards are a chunk of their own (lazy): the first test to load them also compiles them.
  await waitFor(() => expect(selectIn(name)).toBeEnabled(), { timeout: 5000 });
  return selectIn(name);
}
