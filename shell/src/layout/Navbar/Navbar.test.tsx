import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionState } from '@sportify/shared-ui';
import { mockApi } from '@sportify/shared-ui/testing';
import { renderApp, studentSession } from '../../test/renderApp';

const nav = () => screen.getByRole('navigation', { name: 'Main' });

const as = (role: 'admin' | 'instructor'): SessionState => ({
  status: 'signedIn',
  role,
  user: { email: `${role}@sportify.camp`, displayName: `The ${role}`, photoURL: null },
});

describe('Navbar', () => {
  it('shows the site links and a Login button when signed out', async () => {
    await renderApp();
    expect(within(nav()).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav()).getByRole('link', { name: 'Instructor' })).toHaveAttribute('href', '/instructors');
    expect(within(nav()).getByRole('link', { name: 'Classes' })).toHaveAttribute('href', '/classes');
    expect(within(nav()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows Dashboard, the photo with the name as tooltip and Logout for a signed-in student', async () => {
    const { auth } = await renderApp({ session: studentSession });
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/selected-classes',
    );
    expect(within(nav()).getByRole('img', { name: 'Mia Chen' })).toHaveAttribute('title', 'Mia Chen');
    expect(within(nav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await userEvent.click(within(nav()).getByRole('button', { name: 'Logout' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });

  it("shows the photo the site holds from the site's origin, and the initials for a photo held elsewhere", async () => {
    const { unmount } = await renderApp({ session: studentSession });
    expect(within(nav()).getByRole('img', { name: 'Mia Chen' })).toHaveAttribute(
      'src',
      '/pictures/a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1/160.jpg',
    );
    unmount();
    // A photo URL the site does not hold yet (e.g. Google's, being imported) is never loaded.
    const google = { ...studentSession.user!, photoURL: 'https://lh3.googleusercontent.com/a/photo.jpg' };
    await renderApp({ session: { ...studentSession, user: google } });
    const initials = within(nav()).getByRole('img', { name: 'Mia Chen' });
    expect(initials).not.toHaveAttribute('src');
    expect(initials).toHaveTextContent('MC');
    expect(initials).toHaveAttribute('title', 'Mia Chen');
  });

  it('shows the initials of a user without a photo URL', async () => {
    await renderApp({ session: as('admin') });
    expect(within(nav()).getByRole('img', { name: 'The admin' })).toHaveTextContent('TA');
  });

  it.each([
    ['instructor', '/dashboard/add-class'],
    ['admin', '/dashboard/all-users'],
  ] as const)('sends the %s Dashboard link to %s', async (role, target) => {
    await renderApp({ session: as(role) });
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', target);
    expect(within(nav()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows nothing in the account area while the session is loading (no Login flash)', async () => {
    await renderApp({ session: { status: 'loading', user: null, role: null } });
    expect(within(nav()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('opens and closes the narrow-screen menu with its toggle', async () => {
    const user = userEvent.setup();
    await renderApp();
    const toggle = within(nav()).getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'main-menu');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(nav()).getByRole('link', { name: 'Classes' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs a failed logout to the console only', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { auth } = await renderApp({ session: studentSession });
    (auth.signOut as jest.Mock).mockRejectedValueOnce(new Error('network'));
    await userEvent.click(within(nav()).getByRole('button', { name: 'Logout' }));
    expect(error).toHaveBeenCalledWith('Logout failed', expect.any(Error));
    expect(within(nav()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    error.mockRestore();
  });

  it("shows a family's unread messages beside Messages", async () => {
    const http = mockApi({ 'GET /messages/unread': [200, { unread: 2 }] });
    try {
      await renderApp({ session: studentSession });
      const link = await within(nav()).findByRole('link', { name: 'Messages, 2 unread' });
      expect(link).toHaveAttribute('href', '/dashboard/messages');
      expect(link).toHaveTextContent('Messages2');
    } finally {
      http.restore();
    }
  });

  it('shows no Messages link for an instructor or an admin, and asks nothing', async () => {
    const http = mockApi({});
    try {
      await renderApp({ session: as('instructor') });
      expect(within(nav()).queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument();
      expect(http.calls.filter((c) => c.url === '/messages/unread')).toEqual([]);
    } finally {
      http.restore();
    }
  });
});
