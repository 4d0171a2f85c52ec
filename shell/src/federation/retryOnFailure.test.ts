import { testRemote } from '../test/federationRemote';
import { retryOnFailure } from './retryOnFailure';

// The shell's retry settings, with a short pause between script attempts (the manifest's is the plugin's own 1 s).
const retry = () => retryOnFailure({ fetch: { retryTimes: 2 }, script: { retryTimes: 2, retryDelay: 1 } });

describe('retries through @module-federation/retry-plugin, fetched on the first failure', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock;
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('a flaky manifest, remoteEntry.js and module recover', async () => {
    const remote = testRemote();
    fetchMock
      .mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }))
      .mockImplementation(async () => remote.manifest());
    let entries = 0;
    let gets = 0;
    const { module } = await remote.load([
      retry(),
      {
        name: 'test-entry',
        async loadEntry() {
          entries += 1;
          // What the runtime's script loader throws when remoteEntry.js does not load.
          if (entries === 1) throw new Error('[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008');
          return remote.container(async () => {
            gets += 1;
            if (gets === 1) throw new Error('Loading chunk 412 failed');
            return () => ({ default: 'Home' });
          });
        },
      },
    ]);
    expect(module).toEqual({ default: 'Home' });
    expect([fetchMock.mock.calls.length, entries, gets]).toEqual([2, 2, 2]);
  }, 10_000);

  it('a remote that stays down fails after the retries, and a load that works runs no retry', async () => {
    const down = testRemote();
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    const { error } = await down.load([retry()]);
    expect(String(error)).toContain('RUNTIME-003');
    expect(fetchMock).toHaveBeenCalledTimes(4);

    const up = testRemote();
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => up.manifest());
    let gets = 0;
    const loaded = await up.load([
      retry(),
      {
        name: 'test-entry',
        loadEntry: async () =>
          up.container(async () => {
            gets += 1;
            return () => ({ default: 'Home' });
          }),
      },
    ]);
    expect(loaded.module).toEqual({ default: 'Home' });
    expect([fetchMock.mock.calls.length, gets]).toEqual([1, 1]);
  }, 10_000);

  it("a load asked again after a failure (the panel's Retry) reads the remote afresh and succeeds once it is back", async () => {
    const remote = testRemote();
    const plugins = [
      retry(),
      { name: 'test-entry', loadEntry: async () => remote.container(async () => () => ({ default: 'Home' })) },
    ];
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    expect((await remote.load(plugins)).error).toBeDefined();
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => remote.manifest());
    expect(await remote.load(plugins)).toEqual({ module: { default: 'Home' } });
  }, 10_000);
});
