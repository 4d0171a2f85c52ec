import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, sessionAs } from '@sportify/shared-ui/testing';
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

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}\\b`) });

describe('Platform Status', () => {
  afterEach(() => jest.restoreAllMocks());

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
  });
});
