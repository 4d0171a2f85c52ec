import { render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import userEvent from '@testing-library/user-event';
import { AppProviders, AppToastContainer, makeStore, type User } from '@sportify/shared-ui';
import { httpClient, mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { ManageUsersPage } from './ManageUsersPage';
import { UserRow } from './UserRow';

const users: User[] = [
  { _id: 'u1', userName: 'Alex Morgan', email: 'admin@sportify.camp', userPhoto: 'http://img.test/alex.svg', role: 'admin' },
  { _id: 'u2', userName: 'Jordan Lee', email: 'jordan@sportify.camp', userPhoto: 'http://img.test/jordan.svg', role: 'instructor' },
  { _id: 'u3', userName: 'Mia Chen', email: 'mia@sportify.camp', userPhoto: 'http://img.test/mia.svg', gender: 'female' },
  { _id: 'u4', userName: 'Noah Patel', email: 'noah@sportify.camp', userPhoto: 'http://img.test/noah.svg', gender: 'male' },
];

function renderPage() {
  renderScreen(<><ManageUsersPage /><AppToastContainer /></>, { path: '/dashboard/all-users', session: sessionAs('admin') });
  return userEvent.setup();
}

describe('Manage Users', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  afterEach(() => http?.restore());

  it('lists only the users without a role', async () => {
    http = mockApi({ 'GET /users': [200, users] });
    renderPage();
    expect(screen.getByRole('heading', { name: 'All Users (Only Students)' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading users' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'All Users (Only Students)' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(
      ['#', 'Profile Picture', 'Name', 'Make Admin', 'Make Instructor'],
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1Mia Chen');
    expect(within(rows[0]).getByRole('img', { name: 'Profile picture of Mia Chen' })).toHaveAttribute('src', 'http://img.test/mia.svg');
    expect(rows[1]).toHaveTextContent('2Noah Patel');
    expect(within(table).queryByText('Alex Morgan')).not.toBeInTheDocument();
    expect(within(table).queryByText('Jordan Lee')).not.toBeInTheDocument();
  });

  it('makes a student instructor, says so and drops them from the list', async () => {
    let list = users;
    http = mockApi({
      'GET /users': () => [200, list],
      'PATCH /users/instructors/u3': () => {
        list = users.map((u) => (u._id === 'u3' ? { ...u, role: 'instructor' as const } : u));
        return [200, { matchedCount: 1, modifiedCount: 1 }];
      },
    });
    const user = renderPage();
    const mia = await screen.findByRole('row', { name: /Mia Chen/ });
    await user.click(within(mia).getByRole('button', { name: 'Make Instructor' }));

    expect(await screen.findByText('Mia Chen is instructor now')).toBeInTheDocument();
    expect(http.calls.filter((call) => call.method === 'PATCH').map((call) => call.url)).toEqual(['/users/instructors/u3']);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Mia Chen/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Noah Patel/ })).toBeInTheDocument();
  });

  it('makes a student admin with its own notice', async () => {
    http = mockApi({
      'GET /users': [200, users],
      'PATCH /users/admin/u4': [200, { matchedCount: 1, modifiedCount: 1 }],
    });
    const user = renderPage();
    await user.click(within(await screen.findByRole('row', { name: /Noah Patel/ })).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('Noah Patel is admin now')).toBeInTheDocument();
  });

  it('disables both buttons of a row while its promotion is on its way, and reports a failure', async () => {
    http = mockApi({ 'GET /users': [200, users], 'PATCH /users/admin/u3': [500, { message: 'down' }] });
    // Hold the PATCH at the HTTP boundary until the test lets it go, to see the waiting state.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => { release = resolve; });
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
    expect(within(screen.getByRole('row', { name: /Noah Patel/ })).getByRole('button', { name: 'Make Admin' })).toBeEnabled();

    release();
    expect(await screen.findByText('Mia Chen could not be made admin. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(within(mia).getByRole('button', { name: 'Make Admin' })).toBeEnabled());
  });

  it('shows the empty and failed states, with Retry', async () => {
    let fail = true;
    http = mockApi({ 'GET /users': () => (fail ? [500, {}] : [200, users.slice(0, 2)]) });
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The users could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('There are no students to promote.')).toBeInTheDocument();
  });
});

describe('UserRow', () => {
  it('disables the button of the role the user already holds', () => {
    render(
      <AppProviders store={makeStore()}>
        <table><tbody><UserRow index={0} user={users[1]} /></tbody></table>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Make Instructor' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Make Admin' })).toBeEnabled();
  });
});
