import { screen, within } from '@testing-library/react';
import type { SessionState } from '@sportify/shared-ui';
import { renderApp, studentSession } from '../test/renderApp';

const loading: SessionState = { status: 'loading', user: null, role: null };
const signedInAs = (role: 'admin' | 'instructor'): SessionState => ({
  status: 'signedIn',
  role,
  user: { email: `${role}@sportify.camp`, displayName: role, photoURL: null },
});

describe('signed-in guard', () => {
  it('sends a visitor to /login and remembers where they came from', async () => {
    const { location } = await renderApp({ path: '/dashboard/enrolled-classes' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
    expect(location().state).toMatchObject({ from: { pathname: '/dashboard/enrolled-classes' } });
  });

  it('shows a spinner while the session is loading', async () => {
    await renderApp({ path: '/dashboard/enrolled-classes', session: loading });
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
  });

  it('lets a signed-in user in, inside the dashboard layout with the student menu', async () => {
    await renderApp({ path: '/dashboard/enrolled-classes', session: studentSession });
    expect(await screen.findByRole('heading', { name: 'mf_student/EnrolledClasses screen' })).toBeInTheDocument();
    const menu = screen.getByRole('complementary', { name: 'Dashboard' });
    expect(menu).toHaveTextContent('My Selected Classes');
    expect(menu).toHaveTextContent('My Enrolled Classes');
  });
});

describe.each([
  ['admin', '/dashboard/all-users', 'mf_admin/ManageUsers screen', ['Manage Users', 'Manage Classes']],
  ['admin', '/dashboard/payments', 'mf_admin/Payments screen', ['Manage Users', 'Manage Classes', 'Payments']],
  ['instructor', '/dashboard/add-class', 'mf_instructor/AddClass screen', ['Add A Class', 'My Classes']],
] as const)('%s guard', (role, path, screenHeading, menuItems) => {
  it('sends a user without the role to /', async () => {
    const { location } = await renderApp({ path, session: studentSession });
    expect(await screen.findByRole('heading', { name: 'mf_public/Home screen' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
  });

  it('sends a visitor to /login first', async () => {
    const { location } = await renderApp({ path });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it('shows a spinner while loading', async () => {
    await renderApp({ path, session: loading });
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it(`lets the ${role} in with the ${role} menu and the site links`, async () => {
    await renderApp({ path, session: signedInAs(role) });
    expect(await screen.findByRole('heading', { name: screenHeading })).toBeInTheDocument();
    const menu = screen.getByRole('complementary', { name: 'Dashboard' });
    for (const item of menuItems) expect(menu).toHaveTextContent(item);
    expect(menu).not.toHaveTextContent('My Selected Classes');
    expect(screen.getAllByRole('link', { name: /^(Home|Instructors|Classes)$/ }).length).toBeGreaterThanOrEqual(3);
  });
});

it("puts Payments after Manage Classes in the admin's menu", async () => {
  await renderApp({ path: '/dashboard/all-users', session: signedInAs('admin') });
  await screen.findByRole('heading', { name: 'mf_admin/ManageUsers screen' });
  const menu = screen.getByRole('complementary', { name: 'Dashboard' });
  const labels = within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
  expect(labels.indexOf('Payments')).toBe(labels.indexOf('Manage Classes') + 1);
});

describe('a screen for instructors or admins (screens.json access ["instructor", "admin"]: the Roster)', () => {
  const path = '/dashboard/roster/0123456789abcdef01234567';

  it('sends a student to /: the screen never renders for them', async () => {
    const { location } = await renderApp({ path, session: studentSession });
    expect(await screen.findByRole('heading', { name: 'mf_public/Home screen' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'mf_instructor/Roster screen' })).not.toBeInTheDocument();
  });

  it('sends a visitor to /login', async () => {
    const { location } = await renderApp({ path });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(location().pathname).toBe('/login');
  });

  it.each(['instructor', 'admin'] as const)('lets an %s in', async (role) => {
    await renderApp({ path, session: signedInAs(role) });
    expect(await screen.findByRole('heading', { name: 'mf_instructor/Roster screen' })).toBeInTheDocument();
  });
});
