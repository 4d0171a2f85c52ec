import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, workingRemotes } from '../test/renderApp';

describe('remote routes', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('renders the remote screen of the route and sets the page title', async () => {
    await renderApp({ path: '/classes' });
    expect(await screen.findByRole('heading', { name: 'mf_public/Classes screen' })).toBeInTheDocument();
    expect(document.title).toBe('Sportify Camp || Classes');
  });

  it('shows the unavailable panel when the remote cannot load, keeps the navbar, and recovers on Retry', async () => {
    let online = false;
    await renderApp({
      path: '/classes',
      remotes: {
        load: (remote, module) => (online ? workingRemotes.load(remote, module) : Promise.reject(new Error('offline'))),
      },
    });

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('This area is unavailable');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Sportify Camp');

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'mf_public/Classes screen' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
