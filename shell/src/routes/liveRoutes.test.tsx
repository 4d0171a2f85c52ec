import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { routeTableVersion, type ScreenDeclaration } from '@sportify/platform/screens';
import { createRemoteRegistry } from '../federation/remoteRegistry';
import { RemoteRegistryProvider } from '../federation/RemoteRegistryContext';
import { fixedRouteTable, renderApp, siteRoutes, workingRemotes } from '../test/renderApp';
import { navigateOutsideReact } from './AppRoutes';
import { createRouteTable, parseLiveRoutes, RouteTableProvider, type LiveRoutes } from './liveRoutes';
import { PreloadLink } from './PreloadLink';

const admin = {
  status: 'signedIn',
  role: 'admin',
  user: { email: 'admin@sportify.camp', displayName: 'Alex Morgan', photoURL: null },
} as const;
const campReport: ScreenDeclaration = {
  path: '/dashboard/camp-report',
  module: 'CampReport',
  access: 'admin',
  title: 'Camp Report',
  menu: { label: 'Camp Report', roles: ['admin'] },
};
const adminScreens = () => siteRoutes().routes.filter((route) => route.remote === 'mf_admin');
const withCampReport = (): LiveRoutes => {
  const declared = adminScreens().map(({ remote: _remote, ...screen }) => screen);
  return { ...siteRoutes({ mf_admin: [...declared, campReport] }), remotes: { mf_admin: 'http://admin/2/' } };
};

/** A live table that a test switches (a promote or rollback) and a clock it moves. */
function liveTable(initial: LiveRoutes) {
  let live = initial;
  let clock = 0;
  const reads = jest.fn(async () => live);
  const table = createRouteTable({ initial, latest: reads, now: () => clock });
  return {
    table,
    reads,
    switchTo: (next: LiveRoutes) => (live = next),
    wait: (ms: number) => (clock += ms),
  };
}

describe('route table from config.json', () => {
  it('takes the routes the remotes declared, with their version', () => {
    const { routes, routesVersion } = siteRoutes();
    const parsed = parseLiveRoutes({ routes, routesVersion }, {});
    expect(parsed.routes.map((route) => route.path)).toContain('/dashboard/payment/:id');
    expect(parsed.routesVersion).toBe(routeTableVersion(routes));
  });

  it('refuses a table it cannot route by, naming the entry', () => {
    const { routes, routesVersion } = siteRoutes();
    expect(() => parseLiveRoutes({ routesVersion }, {})).toThrow('"routes" must be the route table');
    expect(() => parseLiveRoutes({ routes: [{ ...routes[0], remote: '' }], routesVersion }, {})).toThrow(
      'routes[0] has no remote',
    );
    expect(() =>
      parseLiveRoutes({ routes: [routes[0], { ...routes[1], path: undefined }], routesVersion }, {}),
    ).toThrow('routes[1] has no path');
    expect(() => parseLiveRoutes({ routes }, {})).toThrow('"routesVersion" must be a non-empty string');
  });

  it('is read again only when older than a couple of seconds, or when forced', async () => {
    const { table, reads, switchTo, wait } = liveTable(siteRoutes());
    await table.refresh();
    expect(reads).not.toHaveBeenCalled();
    await table.refresh(true);
    expect(reads).toHaveBeenCalledTimes(1);

    const listener = jest.fn();
    table.subscribe(listener);
    switchTo(withCampReport());
    wait(1000);
    await table.refresh();
    expect(reads).toHaveBeenCalledTimes(1);
    wait(1500);
    await table.refresh();
    expect(reads).toHaveBeenCalledTimes(2);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(table.current().routes.some((route) => route.module === 'CampReport')).toBe(true);
    expect(table.remoteMovedOn('mf_admin')).toBe(true);
    expect(table.remoteMovedOn('mf_public')).toBe(false);
  });

  it('keeps the table in hand when config.json cannot be read', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const initial = siteRoutes();
    const table = createRouteTable({ initial, latest: () => Promise.reject(new Error('offline')) });
    await expect(table.refresh(true)).resolves.toBeUndefined();
    expect(table.current()).toBe(initial);
    jest.restoreAllMocks();
  });
});

describe('a promote or rollback of a remote, seen by an open page', () => {
  // The whole shell with clicks: slow on a busy machine, not slow code.
  jest.setTimeout(20_000);

  it('adds the new screen to the menu at the next navigation and opens it by its link', async () => {
    const live = liveTable(siteRoutes());
    await renderApp({ path: '/dashboard/all-users', session: admin, routes: live.table });
    const menu = await screen.findByRole('complementary', { name: 'Dashboard' });
    expect(within(menu).queryByRole('link', { name: 'Camp Report' })).toBeNull();

    live.switchTo(withCampReport());
    live.wait(2500);
    await userEvent.click(within(menu).getByRole('link', { name: 'Manage Classes' }));
    await userEvent.click(await within(menu).findByRole('link', { name: 'Camp Report' }));
    expect(await screen.findByRole('heading', { name: 'mf_admin/CampReport screen' })).toBeInTheDocument();
    expect(document.title).toBe('Sportify Camp || Camp Report');
  });

  it('reads the table again at a path it does not match, and opens the screen a promote added', async () => {
    const live = liveTable(siteRoutes());
    await renderApp({ path: '/dashboard/all-users', session: admin, routes: live.table });
    await screen.findByRole('heading', { name: 'mf_admin/ManageUsers screen' });
    live.switchTo(withCampReport());
    // Well within the couple of seconds: only the unmatched path makes the page ask.
    await act(async () => navigateOutsideReact('/dashboard/camp-report'));
    expect(await screen.findByRole('heading', { name: 'mf_admin/CampReport screen' })).toBeInTheDocument();
    expect(live.reads).toHaveBeenCalledTimes(1);
  });

  it('after a rollback, drops the screen from the menu and shows Page not found at its path', async () => {
    const live = liveTable(withCampReport());
    await renderApp({ path: '/dashboard/camp-report', session: admin, routes: live.table });
    await screen.findByRole('heading', { name: 'mf_admin/CampReport screen' });
    live.switchTo(siteRoutes());
    live.wait(2500);
    const menu = screen.getByRole('complementary', { name: 'Dashboard' });
    await userEvent.click(within(menu).getByRole('link', { name: 'Manage Users' }));
    await waitFor(() => expect(within(menu).queryByRole('link', { name: 'Camp Report' })).toBeNull());
    await act(async () => navigateOutsideReact('/dashboard/camp-report'));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(live.reads).toHaveBeenCalledTimes(2);
  });

  it('loads the page afresh, not the unavailable panel, for a screen the release the page runs lacks', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const live = liveTable({ ...siteRoutes(), remotes: { mf_admin: 'http://admin/1/' } });
    // The page runs release 1 of mf_admin, which has no CampReport.
    const remotes = {
      load: (remote: string, module: string) =>
        module === 'CampReport' ? Promise.reject(new Error('no CampReport')) : workingRemotes.load(remote, module),
    };
    await renderApp({ path: '/dashboard/all-users', session: admin, routes: live.table, remotes });
    await screen.findByRole('heading', { name: 'mf_admin/ManageUsers screen' });
    live.switchTo(withCampReport());
    await act(async () => navigateOutsideReact('/dashboard/camp-report'));
    // Let the failed load settle: the same failure with the page's release still live shows the panel (below).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(live.table.remoteMovedOn('mf_admin')).toBe(true);
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    jest.restoreAllMocks();
  });

  it('shows the unavailable panel when the remote of a screen fails while its release is still live', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const remotes = { load: () => Promise.reject(new Error('offline')) };
    await renderApp({ path: '/dashboard/all-users', session: admin, remotes });
    expect(await screen.findByRole('alert')).toHaveTextContent('This area is unavailable');
    jest.restoreAllMocks();
  });

  it('shows Page not found at once for the path the page was loaded at: its table came with it', async () => {
    const live = liveTable(siteRoutes());
    await renderApp({ path: '/no/such/page', routes: live.table });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(live.reads).not.toHaveBeenCalled();
  });
});

describe('PreloadLink', () => {
  it('preloads the screen a link points at, a path with params included', async () => {
    const registry = { ...createRemoteRegistry(workingRemotes), preload: jest.fn() };
    render(
      <RemoteRegistryProvider value={registry}>
        <RouteTableProvider value={fixedRouteTable()}>
          <MemoryRouter>
            <PreloadLink to="/dashboard/payment/42">Pay</PreloadLink>
            <PreloadLink to="/nowhere">Nowhere</PreloadLink>
          </MemoryRouter>
        </RouteTableProvider>
      </RemoteRegistryProvider>,
    );
    await userEvent.hover(screen.getByRole('link', { name: 'Pay' }));
    expect(registry.preload).toHaveBeenCalledWith('mf_student', 'Payment');
    await userEvent.hover(screen.getByRole('link', { name: 'Nowhere' }));
    expect(registry.preload).toHaveBeenCalledTimes(1);
  });
});
