import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseRuntimeConfig, setLatestConfigReader } from '@sportify/shared-ui';
import { mockApi, renderScreen, sessionAs } from '@sportify/shared-ui/testing';
import { PlatformStatusPage } from './PlatformStatusPage';

const V1 = '0.1.0-aaaaaaa.20261101090000';
const V2 = '0.1.0-bbbbbbb.20261102100000';
const registry = {
  'mf-public': {
    live: {
      version: V2,
      commit: 'bbbbbbb',
      builtAt: '2026-11-02T10:00:00.000Z',
      promotedAt: '2026-11-02T10:05:00.000Z',
    },
    previous: {
      version: V1,
      commit: 'aaaaaaa',
      builtAt: '2026-11-01T09:00:00.000Z',
      promotedAt: '2026-11-01T09:05:00.000Z',
    },
    stack: [V1, V2],
  },
};
const config = {
  apiUrl: 'http://api.test',
  firebase: { apiKey: 'demo-key', authDomain: 'demo.firebaseapp.com', projectId: 'demo' },
  remotes: {
    mf_public: `http://localhost:3001/releases/${V2}/mf-manifest.json`,
    mf_admin: 'http://localhost:3004/mf-manifest.json',
  },
};

/** HTTP at the boundary: the shell origin's JSON files and the remotes' manifests. */
function answer(routes: Record<string, number | object>) {
  return jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const route = routes[url];
    if (route === undefined) throw new TypeError('Failed to fetch');
    return typeof route === 'number'
      ? new Response('', { status: route })
      : new Response(JSON.stringify(route), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

const row = (name: string) =>
  within(screen.getByRole('table', { name: 'Platform Status' })).getByRole('row', { name: new RegExp(`^${name}\\b`) });
const noReports = { since: '2026-11-02T09:00:00.000Z', until: '2026-11-02T10:00:30.000Z', releases: [] };

describe('Platform Status', () => {
  let http: ReturnType<typeof mockApi> | undefined;
  beforeEach(() => {
    http = mockApi({ 'GET /telemetry/health': [200, noReports] });
    // The shell's reader of config.json as served now: over HTTP, answered below at the boundary.
    setLatestConfigReader(async () => {
      const response = await fetch('/config.json', { cache: 'no-cache' });
      if (!response.ok) throw new Error(`/config.json: HTTP ${response.status}`);
      return parseRuntimeConfig(await response.json());
    });
  });
  afterEach(() => {
    http?.restore();
    jest.restoreAllMocks();
  });

  it("shows each part's live and previous release and whether its manifest answers now", async () => {
    const fetch = answer({
      '/releases.json': registry,
      '/config.json': config,
      [config.remotes.mf_public]: { name: 'mf_public' },
      [config.remotes.mf_admin]: 404,
    });
    renderScreen(<PlatformStatusPage />, { path: '/dashboard/platform-status', session: sessionAs('admin') });

    expect(await screen.findByRole('table', { name: 'Platform Status' })).toBeInTheDocument();
    const publicRow = within(row('mf-public'));
    const [live, previous, manifest] = publicRow.getAllByRole('cell');
    expect(live).toHaveTextContent(`${V2}commit bbbbbbb, built 2026-11-02 10:00 UTC`);
    expect(previous).toHaveTextContent(`${V1}commit aaaaaaa, built 2026-11-01 09:00 UTC`);
    expect(manifest).toHaveTextContent('Reachable');

    const adminCells = within(row('mf-admin')).getAllByRole('cell');
    expect(adminCells[0]).toHaveTextContent('Unversioned build (no release promoted)');
    expect(adminCells[1]).toHaveTextContent('None');
    expect(adminCells[2]).toHaveTextContent('Unreachable (HTTP 404)');
    expect(within(row('shell')).getAllByRole('cell')[2]).toHaveTextContent('Not a remote');

    // Read-only: nothing on the screen changes a release.
    expect(await screen.findByRole('table', { name: 'Health in the last hour' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    // Always the current state, past any cache.
    expect(fetch).toHaveBeenCalledWith('/releases.json', { cache: 'no-cache' });
    expect(fetch).toHaveBeenCalledWith(config.remotes.mf_public, { cache: 'no-store' });
  });

  it('says when the status cannot be read, and Retry reads it again', async () => {
    answer({ '/config.json': config });
    const user = userEvent.setup();
    renderScreen(<PlatformStatusPage />, { path: '/dashboard/platform-status', session: sessionAs('admin') });
    expect(await screen.findByRole('alert')).toHaveTextContent('The platform status could not be loaded.');

    jest.restoreAllMocks();
    answer({
      '/releases.json': {},
      '/config.json': config,
      [config.remotes.mf_public]: {},
      [config.remotes.mf_admin]: {},
    });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(within(await screen.findByRole('table', { name: 'Platform Status' })).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('health', () => {
    const V3 = '0.1.0-ccccccc.20261103110000';
    // Ages are counted to the figures' own time (`until`).
    const UNTIL = '2026-11-03T11:00:20.000Z';
    const minutesAgo = (m: number) => new Date(Date.parse(UNTIL) - m * 60_000 - 1000).toISOString();
    const canaryRegistry = {
      ...registry,
      'mf-public': {
        ...registry['mf-public'],
        live: { ...registry['mf-public'].live, promotedAt: minutesAgo(3 * 60 + 5) },
        canary: {
          version: V3,
          commit: 'ccccccc',
          percent: 50,
          startedAt: minutesAgo(12),
          margin: 0.05,
          minClients: 20,
        },
      },
      'mf-admin': {
        lastAutoRollback: {
          version: V1,
          at: '2026-11-02T10:30:00.000Z',
          margin: 0.05,
          minLoads: 20,
          figures: {
            canary: { loads: 20, errorLoads: 10, errorRate: 0.5 },
            live: { loads: 22, errorLoads: 0, errorRate: 0 },
          },
        },
      },
    };
    const error = (at: string, phase: string, route: string, message?: string) => ({
      at,
      phase,
      route,
      ...(message ? { message } : {}),
      traceId: 'f'.repeat(32),
      channel: 'canary',
    });
    const health = {
      since: '2026-11-03T10:00:00.000Z',
      until: UNTIL,
      releases: [
        {
          remote: 'mf_admin',
          version: null,
          loads: 7,
          clients: 5,
          errorClients: 0,
          clientErrorRate: 0,
          errorLoads: 0,
          errors: 0,
          errorRate: 0,
          lastErrorAt: null,
          lastErrors: [],
        },
        {
          remote: 'mf_public',
          version: V1,
          loads: 2,
          clients: 2,
          errorClients: 0,
          clientErrorRate: 0,
          errorLoads: 0,
          errors: 0,
          errorRate: 0,
          lastErrorAt: null,
          lastErrors: [],
        },
        {
          remote: 'mf_public',
          version: V2,
          loads: 40,
          clients: 30,
          errorClients: 0,
          clientErrorRate: 0,
          errorLoads: 0,
          errors: 0,
          errorRate: 0,
          lastErrorAt: null,
          lastErrors: [],
        },
        {
          remote: 'mf_public',
          version: V3,
          loads: 38,
          clients: 24,
          errorClients: 12,
          clientErrorRate: 0.5,
          errorLoads: 19,
          errors: 25,
          errorRate: 0.5,
          lastErrorAt: '2026-11-03T10:59:00.000Z',
          lastErrors: [
            error('2026-11-03T10:59:00.000Z', 'render', '/', 'Home exploded'),
            error('2026-11-03T10:58:00.000Z', 'server-render', '/classes'),
          ],
        },
        {
          remote: 'shell',
          version: null,
          loads: 80,
          clients: 60,
          errorClients: 1,
          clientErrorRate: 1 / 60,
          errorLoads: 1,
          errors: 1,
          errorRate: 0.0125,
          lastErrorAt: '2026-11-03T10:58:30.000Z',
          lastErrors: [
            { ...error('2026-11-03T10:58:30.000Z', 'manifest', '/dashboard/payment/:id'), channel: 'build' },
          ],
        },
      ],
    };
    const sources = {
      '/releases.json': canaryRegistry,
      '/config.json': config,
      [config.remotes.mf_public]: {},
      [config.remotes.mf_admin]: {},
    };
    /** A row's cells by their column (the stacked layout's data-label). */
    const cells = (tr: HTMLElement) =>
      Object.fromEntries(
        Array.from(tr.querySelectorAll('th, td')).map((c) => [c.getAttribute('data-label'), c.textContent]),
      );

    it('shows page loads and error rate per release, live and canary apart with its share and age', async () => {
      const asked: unknown[] = [];
      http = mockApi({
        'GET /telemetry/health': (request) => {
          asked.push(request.params);
          return [200, health];
        },
      });
      answer(sources);
      renderScreen(<PlatformStatusPage />, { path: '/dashboard/platform-status', session: sessionAs('admin') });

      const table = await screen.findByRole('table', { name: 'Health in the last hour' });
      const rows = within(table).getAllByRole('row').slice(1).map(cells);
      expect(rows).toEqual([
        {
          Part: 'shell',
          Release: 'Unversioned build',
          Serves: 'Live',
          Age: 'Not known',
          'Page loads': '801 with errors',
          Clients: '60',
          'Error rate': '1.7%1 with errors',
        },
        {
          Part: 'mf-public',
          Release: V2,
          Serves: 'Live',
          Age: '3 h 5 min',
          'Page loads': '400 with errors',
          Clients: '30',
          'Error rate': '0.0%0 with errors',
        },
        {
          Part: 'mf-public',
          Release: V3,
          Serves: 'Canary, 50% of browsers',
          Age: '12 min',
          'Page loads': '3819 with errors',
          Clients: '24',
          'Error rate': '50.0%12 with errors',
        },
        {
          Part: 'mf-public',
          Release: V1,
          Serves: 'Not served now',
          Age: 'Not known',
          'Page loads': '20 with errors',
          Clients: '2',
          'Error rate': '0.0%0 with errors',
        },
        {
          Part: 'mf-admin',
          Release: 'Unversioned build',
          Serves: 'Live',
          Age: 'Not known',
          'Page loads': '70 with errors',
          Clients: '5',
          'Error rate': '0.0%0 with errors',
        },
      ]);
      expect(screen.getByText(/Page loads and errors reported from/)).toHaveTextContent(
        'Page loads and errors reported from 2026-11-03 10:00 UTC to 2026-11-03 11:00 UTC',
      );
      // Asked once, for the last hour.
      expect(asked).toEqual([{ minutes: 60 }]);

      // The newest errors first, each with its part, release, phase, route and time.
      const errors = within(screen.getByRole('table', { name: 'Recent errors' }))
        .getAllByRole('row')
        .slice(1)
        .map(cells);
      expect(errors).toEqual([
        {
          Time: '2026-11-03 10:59 UTC',
          Part: 'mf-public',
          Release: V3,
          Phase: 'render',
          Route: '/',
          Message: 'Home exploded',
        },
        {
          Time: '2026-11-03 10:58 UTC',
          Part: 'shell',
          Release: 'Unversioned build',
          Phase: 'manifest',
          Route: '/dashboard/payment/:id',
          Message: 'None',
        },
        {
          Time: '2026-11-03 10:58 UTC',
          Part: 'mf-public',
          Release: V3,
          Phase: 'server-render',
          Route: '/classes',
          Message: 'None',
        },
      ]);
    });

    it("shows a package's last automatic rollback with the figures that made it", async () => {
      http = mockApi({ 'GET /telemetry/health': [200, health] });
      answer(sources);
      renderScreen(<PlatformStatusPage />, { path: '/dashboard/platform-status', session: sessionAs('admin') });
      const notice = await screen.findByRole('region', { name: 'Automatic rollbacks' });
      expect(
        within(notice)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        `mf-admin: the canary ${V1} was rolled back automatically on 2026-11-02 10:30 UTC. Its error rate was 50.0% ` +
          'over 20 page loads, against 0.0% over 22 for the live release (allowed margin 5.0%, from 20 page loads).',
      ]);
    });

    it('says a canary with too few distinct clients is held, however many page loads and errors it has', async () => {
      const few = {
        ...health,
        releases: health.releases.map((r) =>
          r.version === V3 ? { ...r, loads: 300, errorLoads: 300, clients: 3, errorClients: 3, clientErrorRate: 1 } : r,
        ),
      };
      http = mockApi({ 'GET /telemetry/health': [200, few] });
      answer(sources);
      renderScreen(<PlatformStatusPage />, { path: '/dashboard/platform-status', session: sessionAs('admin') });
      const notice = await screen.findByRole('region', { name: 'Canaries on hold' });
      expect(within(notice).getByRole('listitem')).toHaveTextContent(
        `mf-public: the canary ${V3} is held: 3 distinct clients have reported it, fewer than the 20 it needs ` +
          'before it is judged. It is not rolled back automatically until then.',
      );
      const canaryRow = within(screen.getByRole('table', { name: 'Health in the last hour' }))
        .getAllByRole('row')
        .find((tr) => tr.textContent?.includes(V3))!;
      expect(within(canaryRow).getByRole('cell', { name: /Canary, 50% of browsers/ })).toHaveTextContent('Held');
    });

    it('says nothing is held once the canary has its clients', async () => {
      const enough = {
        ...health,
        releases: health.releases.map((r) => (r.version === V3 ? { ...r, clients: 25, errorClients: 1 } : r)),
      };
      http = mockApi({ 'GET /telemetry/health': [200, enough] });
      answer(sources);
      renderScreen(<PlatformStatusPage />, { path: '/dashboard/platform-status', session: sessionAs('admin') });
      await screen.findByRole('table', { name: 'Health in the last hour' });
      expect(screen.queryByRole('region', { name: 'Canaries on hold' })).not.toBeInTheDocument();
    });

    it('says when the figures cannot be read, keeps the releases, and Retry reads them again', async () => {
      let healthAnswer: [number, unknown] = [503, { statusCode: 503, message: 'The database is unavailable' }];
      http = mockApi({ 'GET /telemetry/health': () => healthAnswer });
      answer({ ...sources, '/releases.json': registry });
      const user = userEvent.setup();
      renderScreen(<PlatformStatusPage />, { path: '/dashboard/platform-status', session: sessionAs('admin') });

      expect(await screen.findByRole('alert')).toHaveTextContent('The health figures could not be loaded.');
      expect(screen.getByRole('table', { name: 'Platform Status' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Automatic rollbacks' })).not.toBeInTheDocument();

      healthAnswer = [200, noReports];
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      const table = await screen.findByRole('table', { name: 'Health in the last hour' });
      // Every part's live release, none reported yet.
      const rows = within(table).getAllByRole('row').slice(1).map(cells);
      expect(rows.map((r) => [r.Part, r.Serves, r['Page loads'], r['Error rate']])).toEqual([
        ['shell', 'Live', '00 with errors', '0.0%0 with errors'],
        ['mf-public', 'Live', '00 with errors', '0.0%0 with errors'],
        ['mf-admin', 'Live', '00 with errors', '0.0%0 with errors'],
      ]);
      expect(screen.getByText('No errors reported in the last hour.')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });
});
