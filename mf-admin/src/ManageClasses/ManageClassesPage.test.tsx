import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToastContainer, type CampClass } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { ManageClassesPage } from './ManageClassesPage';

// Multi-step journeys through debounced inputs: generous waits on a busy machine (timings are not what is tested).
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const base = {
  instructorName: 'Jordan Lee',
  instructorEmail: 'jordan@sportify.camp',
  enrolled: 0,
  feedback: '',
  date: '2026-06-01T09:00:00.000Z',
};
const classes: CampClass[] = [
  {
    ...base,
    _id: 'c1',
    className: 'Beach Volleyball',
    classImage: 'http://img.test/volleyball.svg',
    picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
    capacity: 12,
    held: 0,
    seats: 12,
    price: 89.5,
    status: 'pending',
  },
  {
    ...base,
    _id: 'c2',
    className: 'Soccer Training',
    classImage: 'http://img.test/soccer.svg',
    picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
    capacity: 10,
    held: 0,
    seats: 10,
    price: 120,
    status: 'approved',
  },
  {
    ...base,
    _id: 'c3',
    className: 'Open Water Rowing',
    classImage: 'http://img.test/rowing.svg',
    picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
    capacity: 8,
    held: 0,
    seats: 8,
    price: 95,
    status: 'denied',
    feedback: 'Please add a safety plan.',
  },
];

type Params = { status?: string; q?: string; page?: number; limit: number };
/** GET /all-classes as the API answers it: pending first, by status and text, with the counts of each status. */
const classesPage =
  (list: CampClass[]) =>
  (config: { params?: unknown }): [number, unknown] => {
    const { status, q = '', page = 1, limit } = config.params as Params;
    const text = list.filter((c) =>
      `${c.className} ${c.instructorName} ${c.instructorEmail}`.toLowerCase().includes(q.toLowerCase()),
    );
    const found = text
      .filter((c) => !status || c.status === status)
      .sort((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending'));
    const counts = {
      pending: 0,
      approved: 0,
      denied: 0,
      ...Object.fromEntries(
        ['pending', 'approved', 'denied'].map((s) => [s, text.filter((c) => c.status === s).length]),
      ),
    };
    return [200, { items: found.slice((page - 1) * limit, page * limit), total: found.length, page, limit, counts }];
  };

function renderPage(url = '/dashboard/all-classes') {
  renderScreen(
    <>
      <ManageClassesPage />
      <AppToastContainer />
    </>,
    {
      path: '/dashboard/all-classes',
      url,
      session: sessionAs('admin'),
      otherPaths: ['/dashboard/feedback/:id'],
    },
  );
  return userEvent.setup();
}

describe('Manage Classes', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());

  it('shows every class with instructor, seats, waitlist, $ price, status and feedback', async () => {
    const asked: unknown[] = [];
    http = mockApi({
      'GET /all-classes': classesPage(classes),
      'GET /waitlist/counts': (config) => {
        asked.push(config.params);
        return [200, { counts: { c1: 0, c2: 4, c3: 0 } }];
      },
    });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading classes' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Manage Classes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      '#',
      'Class Photo',
      'Class Name',
      'Instructor',
      'Available seats',
      'Price',
      'Status',
      'Feedback',
      'Decision',
    ]);
    const volleyball = within(table).getByRole('row', { name: /Beach Volleyball/ });
    expect(
      within(volleyball)
        .getAllByRole('cell')
        .slice(0, 7)
        .map((td) => td.textContent),
    ).toEqual(['1', '', 'Beach Volleyball', 'Jordan Leejordan@sportify.camp', '12Roster', '$89.50', 'pending']);
    // Admins reach every class's roster from here.
    expect(within(volleyball).getByRole('link', { name: 'Roster of Beach Volleyball' })).toHaveAttribute(
      'href',
      `/dashboard/roster/${classes[0]._id}`,
    );
    // The counts of the classes shown, asked once for the page.
    expect(await within(table).findByText('4 waiting')).toBeInTheDocument();
    expect(asked).toEqual([{ classIds: classes.map((c) => c._id).join(',') }]);
    expect(within(volleyball).getByRole('img', { name: 'Beach Volleyball' })).toHaveAttribute(
      'src',
      '/pictures/a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1/640.jpg',
    );
    expect(within(table).getByRole('row', { name: /Soccer Training/ })).toHaveTextContent('$120');
    expect(within(table).getByRole('row', { name: /Open Water Rowing/ })).toHaveTextContent(
      'Please add a safety plan.',
    );
  });

  it('enables Approved and Denied only while the class is pending', async () => {
    http = mockApi({ 'GET /all-classes': classesPage(classes) });
    renderPage();
    const pending = await screen.findByRole('row', { name: /Beach Volleyball/ });
    expect(within(pending).getByRole('button', { name: 'Approved' })).toBeEnabled();
    expect(within(pending).getByRole('button', { name: 'Denied' })).toBeEnabled();
    for (const name of [/Soccer Training/, /Open Water Rowing/]) {
      const row = screen.getByRole('row', { name });
      expect(within(row).getByRole('button', { name: 'Approved' })).toBeDisabled();
      expect(within(row).getByRole('button', { name: 'Denied' })).toBeDisabled();
    }
  });

  it('approves a class, says so, refetches and then disables both buttons', async () => {
    let list = classes;
    http = mockApi({
      'GET /all-classes': (config) => classesPage(list)(config),
      'PATCH /classes/status/c1': (_config, body) => {
        list = classes.map((c) => (c._id === 'c1' ? { ...c, status: (body as { status: 'approved' }).status } : c));
        return [200, { matchedCount: 1, modifiedCount: 1 }];
      },
    });
    const user = renderPage();
    const row = await screen.findByRole('row', { name: /Beach Volleyball/ });
    await user.click(within(row).getByRole('button', { name: 'Approved' }));

    expect(await screen.findByText('Beach Volleyball is approved')).toBeInTheDocument();
    expect(http.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'approved' });
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Denied' })).toBeDisabled());
    expect(within(row).getByRole('button', { name: 'Approved' })).toBeDisabled();
    expect(row).toHaveTextContent('approved');
    expect(http.calls.filter((call) => call.url === '/all-classes')).toHaveLength(2);
  });

  it('denies a class with its own notice', async () => {
    http = mockApi({
      'GET /all-classes': classesPage(classes),
      'PATCH /classes/status/c1': [200, { matchedCount: 1, modifiedCount: 1 }],
    });
    const user = renderPage();
    await user.click(
      within(await screen.findByRole('row', { name: /Beach Volleyball/ })).getByRole('button', { name: 'Denied' }),
    );
    expect(await screen.findByText('Beach Volleyball is denied')).toBeInTheDocument();
    expect(http.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'denied' });
  });

  it('reports a refused decision (another admin was faster)', async () => {
    http = mockApi({
      'GET /all-classes': classesPage(classes),
      'PATCH /classes/status/c1': [
        409,
        { statusCode: 409, message: 'This class is already denied; a decision is final' },
      ],
    });
    const user = renderPage();
    await user.click(
      within(await screen.findByRole('row', { name: /Beach Volleyball/ })).getByRole('button', { name: 'Approved' }),
    );
    expect(await screen.findByText('Beach Volleyball could not be approved. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Beach Volleyball is approved')).not.toBeInTheDocument();
  });

  it('links each class to its feedback form', async () => {
    http = mockApi({ 'GET /all-classes': classesPage(classes) });
    const user = renderPage();
    const link = within(await screen.findByRole('row', { name: /Open Water Rowing/ })).getByRole('link', {
      name: 'FeedBack',
    });
    expect(link).toHaveAttribute('href', '/dashboard/feedback/c3');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'at /dashboard/feedback/:id' })).toBeInTheDocument();
  });

  it('shows the empty and failed states, with Retry', async () => {
    let fail = true;
    http = mockApi({ 'GET /all-classes': (config) => (fail ? [500, {}] : classesPage([])(config)) });
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The classes could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No classes have been added yet.')).toBeInTheDocument();
  });
});

describe('Manage Classes: status tabs, search and pages', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());
  const many: CampClass[] = [
    ...classes,
    ...Array.from({ length: 30 }, (_, i): CampClass => ({
      ...base,
      _id: `a${i}`,
      className: `Approved Camp ${i + 1}`,
      classImage: 'http://img.test/x.svg',
      picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
      capacity: 5,
      held: 0,
      seats: 5,
      price: 50,
      status: 'approved',
    })),
  ];

  it('shows tabs with counts, Pending first; All lists pending classes first', async () => {
    http = mockApi({ 'GET /all-classes': classesPage(many) });
    renderPage();
    const tabs = await screen.findByRole('tablist', { name: 'Class status' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['Pending (1)', 'Approved (31)', 'Denied (1)', 'All (33)']),
    );
    expect(within(tabs).getByRole('tab', { name: 'All (33)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('20 of 33 classes')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Manage Classes' })).getAllByRole('row')[1]).toHaveTextContent(
      'Beach Volleyball',
    );
  });

  it('finds a pending class through the Pending tab and search, with arrow keys between tabs', async () => {
    http = mockApi({ 'GET /all-classes': classesPage(many) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: /^Pending/ }));
    expect(await screen.findByText('1 of 1 classes')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending (1)' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /^Approved/ })).toHaveFocus();
    expect(await screen.findByText('20 of 31 classes')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search by class, instructor or e-mail' }), 'camp 3');
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Approved/ })).toHaveTextContent('Approved (2)'));
    expect(screen.getByRole('tab', { name: /^Pending/ })).toHaveTextContent('Pending (0)');
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[2].textContent),
    ).toEqual(['Approved Camp 3', 'Approved Camp 30']);
  });

  it('opens on the tab, search and page of its URL, and pages on', async () => {
    http = mockApi({ 'GET /all-classes': classesPage(many) });
    const user = userEvent.setup();
    renderPage('/dashboard/all-classes?status=approved&page=2');
    expect(await screen.findByText('11 of 31 classes')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Approved/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByText('20 of 31 classes')).toBeInTheDocument();
  });
});
