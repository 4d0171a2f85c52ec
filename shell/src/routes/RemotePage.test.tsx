import { useEffect } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UrlSearchInput } from '@sportify/shared-ui';
import { createTelemetry, type Observed } from '../federation/telemetry';
import { renderApp, workingRemotes } from '../test/renderApp';

describe('remote routes', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('renders the remote screen of the route and sets the page title', async () => {
    await renderApp({ path: '/classes' });
    expect(await screen.findByRole('heading', { name: 'mf_public/Classes screen' })).toBeInTheDocument();
    expect(document.title).toBe('Sportify Camp || Classes');
  });

  it('shows the screen as soon as its code arrives, not held back after the loading state', async () => {
    let arrive: (module: { default: () => React.JSX.Element }) => void = () => undefined;
    const code = new Promise<{ default: () => React.JSX.Element }>((resolve) => (arrive = resolve));
    await renderApp({ path: '/classes', remotes: { load: () => code } });
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    // Outside act, as in a browser: React commits a suspended (React.lazy) screen no sooner than 300 ms after
    // its loading state was shown, and act() skips that hold-back, so this test steps out of it.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      arrive({ default: () => <h2>All Classes are here</h2> });
      expect(await screen.findByRole('heading', { name: 'All Classes are here' })).toBeInTheDocument();
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('mounts the screen afresh when its link is followed again, so its data refreshes', async () => {
    const mounted = jest.fn();
    function Classes() {
      useEffect(() => mounted(), []);
      return <h2>All Classes are here</h2>;
    }
    await renderApp({ path: '/classes', remotes: { load: async () => ({ default: Classes }) } });
    expect(await screen.findByRole('heading', { name: 'All Classes are here' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Classes' }));
    expect(mounted).toHaveBeenCalledTimes(2);
  });

  it('keeps the screen mounted while its own search changes the URL: typing carries on in the same box', async () => {
    const mounted = jest.fn();
    function Classes() {
      useEffect(() => mounted(), []);
      return <UrlSearchInput label="Search classes" />;
    }
    const { location } = await renderApp({ path: '/classes', remotes: { load: async () => ({ default: Classes }) } });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search classes' }), 'Vol');
    await waitFor(() => expect(location().search).toBe('?q=Vol'));
    // The user pauses past the search's debounce, then goes on typing into the box that has the focus.
    await userEvent.keyboard('ley');
    await waitFor(() => expect(location().search).toBe('?q=Volley'));
    expect(screen.getByRole('searchbox', { name: 'Search classes' })).toHaveValue('Volley');
    expect(screen.getByRole('searchbox', { name: 'Search classes' })).toHaveFocus();
    expect(mounted).toHaveBeenCalledTimes(1);

    // A click on the page's own link (here with a search open) still mounts it afresh, with the search cleared.
    await userEvent.click(screen.getByRole('link', { name: 'Classes' }));
    expect(location().search).toBe('');
    expect(mounted).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('searchbox', { name: 'Search classes' })).toHaveValue('');
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

  it("reports a screen's render error with its remote and phase, and a failed load only once (from the runtime)", async () => {
    const observed: Observed[] = [];
    const telemetry = createTelemetry(
      (event) => observed.push(event),
      () => '/classes',
    );
    const renderFailed = jest.spyOn(telemetry, 'renderFailed');
    function Classes(): React.JSX.Element {
      throw new Error('Classes cannot render');
    }
    await renderApp({ path: '/classes', telemetry, remotes: { load: async () => ({ default: Classes }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This area is unavailable');
    expect(observed).toEqual([expect.objectContaining({ kind: 'error', remote: 'mf_public', phase: 'render' })]);
    expect(String(observed[0].error)).toContain('Classes cannot render');

    renderFailed.mockClear();
    await renderApp({
      path: '/instructors',
      telemetry,
      remotes: { load: () => Promise.reject(new Error('offline')) },
    });
    expect(await screen.findAllByRole('alert')).not.toHaveLength(0);
    expect(renderFailed).not.toHaveBeenCalled();
  });
});
