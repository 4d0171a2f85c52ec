import { configure, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import userEvent from '@testing-library/user-event';
import { AppProviders, AppToastContainer, makeStore, type User } from '@sportify/shared-ui';
import { httpClient, mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { ManageUsersPage } from './ManageUsersPage';
import { UserRow } from './UserRow';

// Multi-step journeys through debounced inputs: generous waits on a busy machine (timings are not what is tested).
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

const users: User[] = [
  {
    _id: 'u1',
    userName: 'Alex Morgan',
    email: 'admin@sportify.camp',
    userPhoto: 'http://img.test/alex.svg',
    picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
    role: 'admin',
  },
  {
    _id: 'u2',
    userName: 'Jordan Lee',
    email: 'jordan@sportify.camp',
    userPhoto: 'http://img.test/jordan.svg',
    picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
    role: 'instructor',
  },
  {
    _id: 'u3',
    userName: 'Mia Chen',
    email: 'mia@sportify.camp',
    userPhoto: 'http://img.test/mia.svg',
    picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
    gender: 'female',
  },
  {
    _id: 'u4',
    userName: 'Noah Patel',
    email: 'noah@sportify.camp',
    userPhoto: 'http://img.test/noah.svg',
    picture: { status: 'ready' as const, id: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1' },
    gender: 'male',
  },
];

type Params = { role?: string; q?: string; sort?: string; page?: number; limit: number };
/**
 * GET /users as the API answers it: by role ('student' = none) and text, in the order `sort` asks for (the list is
 * in sign-up order), a page at a time.
 */
const usersPage =
  (list: User[]) =>
  (config: { params?: unknown }): [number, unknown] => {
    const { role, q = '', sort = 'oldest', page = 1, limit } = config.params as Params;
    const ordered =
      sort === 'newest'
        ? [...list].reverse()
        : sort === 'name'
          ? [...list].sort((a, b) => a.userName.localeCompare(b.userName))
          : list;
    const found = ordered.filter(
      (u) =>
        (role === undefined || (role === 'student' ? !u.role : u.role === role)) &&
        `${u.userName} ${u.email}`.toLowerCase().includes(q.toLowerCase()),
    );
    return [200, { items: found.slice((page - 1) * limit, page * limit), total: found.length, page, limit }];
  };

function renderPage() {
  renderScreen(
    <>
      <ManageUsersPage />
      <AppToastContainer />
    </>,
    { path: '/dashboard/all-users', session: sessionAs('admin') },
  );
  return userEvent.setup();
}

describe('Manage Users', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());

  it('lists only the users without a role, the newest sign-up first', async () => {
    http = mockApi({ 'GET /users': usersPage(users) });
    renderPage();
    expect(screen.getByRole('heading', { name: 'All Users (Only Students)' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'All Users (Only Students)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Profile Picture', 'Name', 'Make Admin', 'Make Instructor']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1Noah Patel');
    expect(rows[1]).toHaveTextContent('2Mia Chen');
    expect(within(rows[1]).getByRole('img', { name: 'Profile picture of Mia Chen' })).toHaveAttribute(
      'src',
      '/pictures/a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1/160.jpg',
    );
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Newest first');

    expect(within(table).queryByText('Alex Morgan')).not.toBeInTheDocument();
    expect(within(table).queryByText('Jordan Lee')).not.toBeInTheDocument();
  });

  it('sorts oldest first or by name when asked, and keeps the order in the URL', async () => {
    const people: User[] = [
      ...users,
      { _id: 'u5', userName: 'Ava Brooks', email: 'ava@example.com', userPhoto: '' },
      { _id: 'u6', userName: 'Zoe Kim', email: 'zoe@example.com', userPhoto: '' },
    ];
    const sorts: unknown[] = [];
    http = mockApi({
      'GET /users': (config) => {
        sorts.push((config.params as Params).sort);
        return usersPage(people)(config);
      },
    });
    const { router } = renderScreen(<ManageUsersPage />, {
      path: '/dashboard/all-users',
      session: sessionAs('admin'),
    });
    const user = userEvent.setup();
    const names = async () =>
      within(await screen.findByRole('table', { name: 'All Users (Only Students)' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[2].textContent);
    await waitFor(async () =>
      expect(await names()).toEqual([
        'Zoe Kimzoe@example.com',
        'Ava Brooksava@example.com',
        'Noah Patelnoah@sportify.camp',
        'Mia Chenmia@sportify.camp',
      ]),
    );

    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest first', 'Oldest first', 'Name (A to Z)']);
    await user.selectOptions(sortBy, 'Oldest first');
    await waitFor(async () =>
      expect(await names()).toEqual([
        'Mia Chenmia@sportify.camp',
        'Noah Patelnoah@sportify.camp',
        'Ava Brooksava@example.com',
        'Zoe Kimzoe@example.com',
      ]),
    );
    expect(router.state.location.search).toBe('?sort=oldest');

    await user.selectOptions(sortBy, 'Name (A to Z)');
    await waitFor(async () =>
      expect(await names()).toEqual([
        'Ava Brooksava@example.com',
        'Mia Chenmia@sportify.camp',
        'Noah Patelnoah@sportify.camp',
        'Zoe Kimzoe@example.com',
      ]),
    );
    expect(router.state.location.search).toBe('?sort=name');
    expect(sorts).toEqual(['newest', 'oldest', 'name']);
  });

  it('makes a student instructor, says so and drops them from the list', async () => {
    let list = users;
    http = mockApi({
      'GET /users': (config) => usersPage(list)(config),
      'PATCH /users/instructors/u3': () => {
        list = users.map((u) => (u._id === 'u3' ? { ...u, role: 'instructor' as const } : u));
        return [200, { matchedCount: 1, modifiedCount: 1 }];
      },
    });
    const user = renderPage();
    const mia = await screen.findByRole('row', { name: /Mia Chen/ });
    await user.click(within(mia).getByRole('button', { name: 'Make Instructor' }));

    expect(await screen.findByText('Mia Chen is instructor now')).toBeInTheDocument();
    expect(http.calls.filter((call) => call.method === 'PATCH').map((call) => call.url)).toEqual([
      '/users/instructors/u3',
    ]);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Mia Chen/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Noah Patel/ })).toBeInTheDocument();
  });

  it('makes a student admin with its own notice', async () => {
    http = mockApi({
      'GET /users': usersPage(users),
      'PATCH /users/admin/u4': [200, { matchedCount: 1, modifiedCount: 1 }],
    });
    const user = renderPage();
    await user.click(
      within(await screen.findByRole('row', { name: /Noah Patel/ })).getByRole('button', { name: 'Make Admin' }),
    );
    expect(await screen.findByText('Noah Patel is admin now')).toBeInTheDocument();
  });

  it('disables both buttons of a row while its promotion is on its way, and reports a failure', async () => {
    http = mockApi({ 'GET /users': usersPage(users), 'PATCH /users/admin/u3': [500, { message: 'down' }] });
    // Hold the PATCH at the HTTP boundary until the test lets it go, to see the waiting state.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mocked = httpClient.defaults.adapter as AxiosAdapter;
    httpClient.defaults.adapter = async (config) => {
      if (config.method === 'patch') await gate;
      return mocked(config);
    };
    const user = renderPage();
    const mia = await screen.findByRole('row', { name: /Mia Chen/ });
    await user.click(within(mia).getByRole('button', { name: 'Make Admin' }));

    expect(within(mia).getByRole('button', { name: 'Make Admin' })).toBeDisabled();
    expect(within(mia).getByRole('button', { name: 'Make Instructor' })).toBeDisabled();
    expect(
      within(screen.getByRole('row', { name: /Noah Patel/ })).getByRole('button', { name: 'Make Admin' }),
    ).toBeEnabled();

    release();
    expect(await screen.findByText('Mia Chen could not be made admin. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(within(mia).getByRole('button', { name: 'Make Admin' })).toBeEnabled());
  });

  it('shows the empty and failed states, with Retry', async () => {
    let fail = true;
    http = mockApi({ 'GET /users': (config) => (fail ? [500, {}] : usersPage(users.slice(0, 2))(config)) });
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The users could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('There are no students to promote.')).toBeInTheDocument();
  });
});

describe('Manage Users: search, role and pages', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());
  const many: User[] = Array.from({ length: 45 }, (_, i) => ({
    _id: `s${i}`,
    userName: `Student ${i + 1}`,
    email: `student${i + 1}@example.com`,
    userPhoto: '',
  }));

  it('searches by name or e-mail and filters by role, keeping both in the URL', async () => {
    http = mockApi({ 'GET /users': usersPage([...users, ...many]) });
    const { router } = renderScreen(<ManageUsersPage />, { path: '/dashboard/all-users', session: sessionAs('admin') });
    const user = userEvent.setup();
    expect(await screen.findByText('20 of 47 users')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('student');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'noah@');
    expect(await screen.findByText('1 of 1 users')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Noah Patel/ })).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }));
    // The cleared search commits after the debounce: wait for it, so the count below is the role filter's.
    expect(await screen.findByText('20 of 47 users')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Instructors');
    expect(await screen.findByRole('row', { name: /Jordan Lee/ })).toBeInTheDocument();
    expect(screen.getByText('1 of 1 users')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?role=instructor');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Admins');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'nobody');
    expect(await screen.findByText('No users match your search.')).toBeInTheDocument();
  });

  it('shows the initials of someone without a photo, never an empty image', async () => {
    http = mockApi({ 'GET /users': usersPage(many) });
    renderScreen(<ManageUsersPage />, {
      path: '/dashboard/all-users',
      url: '/dashboard/all-users?sort=oldest',
      session: sessionAs('admin'),
    });
    const row = await screen.findByRole('row', { name: /Student 1 / });
    const picture = within(row).getByRole('img', { name: 'Profile picture of Student 1' });
    expect(picture).toHaveTextContent('S1');
    expect(picture).not.toHaveAttribute('src');
  });

  it('pages through the students with numbers and Previous/Next; the page is in the URL', async () => {
    http = mockApi({ 'GET /users': usersPage(many) });
    const { router } = renderScreen(<ManageUsersPage />, {
      path: '/dashboard/all-users',
      url: '/dashboard/all-users?sort=oldest&page=3',
      session: sessionAs('admin'),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('5 of 45 users')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Student 41/ })).getAllByRole('cell')[0]).toHaveTextContent('41');
    const pages = screen.getByRole('navigation', { name: 'Users pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('row', { name: /Student 21/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=oldest&page=2');
  });
});

describe('UserRow', () => {
  it('disables the button of the role the user already holds', () => {
    render(
      <AppProviders store={makeStore()}>
        <table>
          <tbody>
            <UserRow number={1} user={users[1]} />
          </tbody>
        </table>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Make Instructor' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Make Admin' })).toBeEnabled();
  });
});
