import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, studentSession } from '../../test/renderApp';

describe('Navbar', () => {
  it('shows the site links and a Login button when signed out', async () => {
    renderApp();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Instructor' })).toHaveAttribute('href', '/instructors');
    expect(within(nav).getByRole('link', { name: 'Classes' })).toHaveAttribute('href', '/classes');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('shows Dashboard, the photo with the name as tooltip and Logout for a signed-in student', async () => {
    const { auth } = renderApp({ session: studentSession });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/selected-classes');
    expect(within(nav).getByRole('img', { name: 'Mia Chen' })).toHaveAttribute('title', 'Mia Chen');
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });
});
