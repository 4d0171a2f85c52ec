import { screen } from '@testing-library/react';
import { renderApp, studentSession } from '../test/renderApp';

describe('route guards', () => {
  it('sends a signed-out visitor of a dashboard page to /login', async () => {
    const { router } = renderApp({ path: '/dashboard/all-users' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/all-users' } });
  });

  it('sends a student away from an admin page to /', async () => {
    const { router } = renderApp({ path: '/dashboard/all-users', session: studentSession });
    expect(await screen.findByRole('heading', { name: 'mf_public/Home screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows a spinner while the session is loading', () => {
    renderApp({ path: '/dashboard/all-users', session: { status: 'loading', user: null, role: null } });
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
  });
});
