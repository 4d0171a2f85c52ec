import { init } from '@module-federation/enhanced/runtime';
import { testRemote } from '../test/federationRemote';
import { setupFederation } from './federationRuntime';
import { createTelemetry, type Observed } from './telemetry';

describe('setupFederation', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    global.fetch = fetchMock;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it("reports a remote first used after a promote or a canary's start with the release it loads", async () => {
    const started = testRemote();
    const canary = testRemote();
    fetchMock.mockImplementation(async (url: string) =>
      url === canary.manifestUrl ? canary.manifest() : started.manifest(),
    );
    // Only the clock is played: the runtime keeps its own timers.
    jest.useFakeTimers({
      doNotFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'queueMicrotask',
        'nextTick',
        'performance',
      ],
    });
    const observed: Observed[] = [];
    const telemetry = createTelemetry(
      (event) => observed.push(event),
      () => '/',
    );
    const canaryRelease = { version: '0.2.0-def5678.20261124120000', channel: 'canary' } as const;
    const loadedFrom: string[] = [];
    // The page's runtime, as the shell's build plugin starts it; remoteEntry.js stands in as a test plugin.
    init({
      name: 'shell',
      remotes: [],
      plugins: [
        {
          name: 'test-entry',
          loadEntry: async ({ remoteInfo }) => {
            loadedFrom.push(remoteInfo.entry);
            return canary.container(async () => () => ({ default: () => null }));
          },
        },
      ],
    });
    const registry = setupFederation(
      { mf_public: started.manifestUrl },
      async () => ({ remotes: { mf_public: canary.manifestUrl }, releases: { mf_public: canaryRelease } }),
      telemetry,
    );
    // First used 5 s after the page loaded: the picker reads config.json again (releasePicker.ts).
    jest.setSystemTime(Date.now() + 5000);

    await expect(registry.load('mf_public', 'Home')).resolves.toMatchObject({ status: 'loaded' });
    expect(loadedFrom).toEqual([new URL('remoteEntry.js', canary.manifestUrl).href]);
    expect(observed).toEqual([{ kind: 'load', remote: 'mf_public', path: '/', release: canaryRelease }]);
  });
});
