import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CampClass } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { MyClassesPage } from './MyClassesPage';

const LIST = 'GET /classes/user/jordan%40sportify.camp';
const instructor = sessionAs('instructor', 'jordan@sportify.camp', 'Jordan Lee');

const mine: CampClass[] = [
  {
    _id: 'c1',
    className: 'Soccer Training',
    classImage: 'http://img.test/soccer.svg',
    picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
    instructorName: 'Jordan Lee',
    instructorEmail: 'jordan@sportify.camp',
    capacity: 17,
    held: 0,
    seats: 10,
    price: 120,
    status: 'approved',
    enrolled: 7,
    feedback: '',
    date: '2026-06-01T09:00:00.000Z',
  },
  {
    _id: 'c2',
    className: 'Open Water Rowing',
    classImage: 'http://img.test/rowing.svg',
    picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
    instructorName: 'Jordan Lee',
    instructorEmail: 'jordan@sportify.camp',
    capacity: 8,
    held: 0,
    seats: 8,
    price: 95,
    status: 'denied',
    enrolled: 0,
    date: '2026-06-01T09:00:00.000Z',
    feedback: 'Please add a safety plan.',
    startDate: '2027-07-06T13:00:00.000Z',
    sessions: 4,
    minAge: 12,
    maxAge: 15,
  } as CampClass,
];

/** GET /classes/user/{email} as the API answers it: by status, a page at a time. */
const pageOf =
  (list: CampClass[]) =>
  (config: { params?: unknown }): [number, unknown] => {
    const { status, page = 1, limit } = config.params as { status?: string; page?: number; limit: number };
    const found = list.filter((c) => !status || c.status === status);
    return [200, { items: found.slice((page - 1) * limit, page * limit), total: found.length, page, limit }];
  };

const renderPage = (url = '/dashboard/my-classes') =>
  renderScreen(<MyClassesPage />, { path: '/dashboard/my-classes', url, session: instructor });

describe('My Classes', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());

  it("lists the instructor's own classes with status, students, waitlist, update link and feedback", async () => {
    http = mockApi({ [LIST]: pageOf(mine), 'GET /waitlist/counts': [200, { counts: { c1: 3, c2: 0 } }] });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading your classes' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'My Classes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Class Photo', 'Class Name', 'Status', 'Enrolled', 'Update', 'Feedback']);
    const soccer = within(table).getByRole('row', { name: /Soccer Training/ });
    expect(await within(soccer).findByText('3 waiting')).toBeInTheDocument();
    expect(
      within(soccer)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['1', '', 'Soccer Training', 'approved', '7 Students3 waitingRoster', 'Update', 'No feedback yet']);
    expect(within(soccer).getByRole('img', { name: 'Soccer Training' })).toHaveAttribute(
      'src',
      '/pictures/a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1/640.jpg',
    );
    expect(within(soccer).getByRole('link', { name: 'Update Soccer Training' })).toHaveAttribute(
      'href',
      '/dashboard/update-class/c1',
    );

    // Each class's roster, under its students (the spec's columns stay).
    expect(within(soccer).getByRole('link', { name: 'Roster of Soccer Training' })).toHaveAttribute(
      'href',
      '/dashboard/roster/c1',
    );

    const rowing = within(table).getByRole('row', { name: /Open Water Rowing/ });
    expect(rowing).toHaveTextContent('denied');
    expect(rowing).toHaveTextContent('0 Students');
    expect(rowing).toHaveTextContent('Please add a safety plan.');
    // A dated class says when it starts (camp time), under its name; an undated one says nothing.
    expect(within(rowing).getByRole('cell', { name: /^Open Water Rowing Starts/ })).toHaveTextContent(
      'Open Water RowingStarts Tue, Jul 6, 2027, 9:00 AM EDT',
    );
    expect(soccer).not.toHaveTextContent('Starts');
    // So does an age range; a class open to every age says nothing.
    expect(within(rowing).getByRole('cell', { name: /^Open Water Rowing Starts/ })).toHaveTextContent(/Ages 12–15$/);
    expect(soccer).not.toHaveTextContent(/Ages|Up to age/);
    // The e-mail in the path is the signed-in instructor's (the API refuses anyone else's).
    expect(http.calls[0].url).toBe('/classes/user/jordan%40sportify.camp');
  });

  it('invites the instructor to add a class when there is none', async () => {
    http = mockApi({ [LIST]: pageOf([]) });
    renderPage();
    expect(await screen.findByText('You have not added any classes yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add A Class' })).toHaveAttribute('href', '/dashboard/add-class');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the list fails and loads it again on Retry', async () => {
    let fail = true;
    http = mockApi({ [LIST]: (config) => (fail ? [500, { message: 'down' }] : pageOf(mine)(config)) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your classes could not be loaded.');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /Soccer Training/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('filters by status from the URL and pages on, the page in the URL', async () => {
    const many: CampClass[] = [
      ...mine,
      ...Array.from({ length: 25 }, (_, i): CampClass => ({
        ...mine[0],
        _id: `p${i}`,
        className: `Pending Camp ${i + 1}`,
        status: 'pending',
        enrolled: 0,
      })),
    ];
    http = mockApi({ [LIST]: pageOf(many) });
    const user = userEvent.setup();
    const { router } = renderPage('/dashboard/my-classes?status=pending');
    expect(await screen.findByText('20 of 25 classes')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    expect(http.calls[0].url).toBe('/classes/user/jordan%40sportify.camp');
    await user.click(
      within(screen.getByRole('navigation', { name: 'My classes pages' })).getByRole('button', { name: 'Next' }),
    );
    expect(await screen.findByRole('row', { name: /Pending Camp 25/ })).toHaveTextContent('25Pending Camp 25');
    expect(router.state.location.search).toBe('?status=pending&page=2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Denied');
    expect(await screen.findByText('1 of 1 classes')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=denied');
    expect(screen.getByRole('row', { name: /Open Water Rowing/ })).toBeInTheDocument();
  }, 30_000);

  it('says when no class has the chosen status', async () => {
    http = mockApi({ [LIST]: pageOf(mine) });
    renderPage('/dashboard/my-classes?status=pending');
    expect(await screen.findByText('You have no pending classes.')).toBeInTheDocument();
  });
});

describe('My Classes: pictures', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());
  jest.setTimeout(30_000);

  it("says 'Picture could not be loaded' when the import gave up, and takes an upload in its place", async () => {
    const id = 'b2'.repeat(16);
    let picture: CampClass['picture'] = { status: 'failed', error: 'no answer within 10 s (after 3 tries)' };
    http = mockApi({
      [LIST]: (config) => pageOf([{ ...mine[0], picture }])(config),
      'GET /waitlist/counts': [200, { counts: {} }],
      'POST /pictures': [201, { id, width: 800, height: 500, url: `http://localhost:3000/pictures/${id}/960.jpg` }],
      'PATCH /classes/c1': () => {
        picture = { status: 'ready', id };
        return [200, { matchedCount: 1, modifiedCount: 1 }];
      },
    });
    renderPage();
    const user = userEvent.setup();
    const row = (await screen.findByText('Picture could not be loaded')).closest('tr')!;
    // The placeholder, named like the class: never the URL that failed.
    expect(within(row).getByRole('img', { name: 'Soccer Training' }).tagName).not.toBe('IMG');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'soccer.png', { type: 'image/png' });
    await user.upload(within(row).getByLabelText('Upload a picture for Soccer Training'), png);

    // The edit refetches the list, which now has the uploaded picture.
    await waitFor(() => expect(screen.queryByText('Picture could not be loaded')).toBeNull());
    expect(http.calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/pictures', expect.any(FormData)],
      ['PATCH', '/classes/c1', { pictureId: id }],
    ]);
    expect(screen.getByRole('img', { name: 'Soccer Training' })).toHaveAttribute('src', `/pictures/${id}/640.jpg`);
  });
});
