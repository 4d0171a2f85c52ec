import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { testRemote } from '../test/federationRemote';
import { createTelemetry, type Observed } from './telemetry';

function setup() {
  const observed: Observed[] = [];
  const telemetry = createTelemetry(
    (event) => observed.push(event),
    () => '/',
  );
  return { telemetry, observed };
}

/** The phases through the federation runtime itself (2.9.2): see test/federationRemote.ts for its boundaries. */
describe('failed loads through the federation runtime, with their phase', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  async function load(entry: ModuleFederationRuntimePlugin['loadEntry']) {
    const remote = testRemote();
    fetchMock.mockImplementation(async () => remote.manifest());
    const { telemetry, observed } = setup();
    const result = await remote.load([telemetry.plugin(), { name: 'test-entry', loadEntry: entry }]);
    return { remote, result, events: observed };
  }

  it('a manifest that cannot be read: phase manifest, after the load event', async () => {
    const remote = testRemote();
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    const { telemetry, observed } = setup();
    const { error } = await remote.load([telemetry.plugin()]);
    expect(error).toBeDefined();
    expect(observed.map(({ kind, phase }) => [kind, phase])).toEqual([
      ['load', undefined],
      ['error', 'manifest'],
    ]);
  });

  it('a remoteEntry.js that fails: phase entry', async () => {
    const { result, events } = await load(async () => {
      throw new Error('ScriptNetworkError: remoteEntry.js 503');
    });
    expect(result.error).toBeDefined();
    expect(events.filter((event) => event.kind === 'error').map((event) => event.phase)).toEqual(['entry']);
  });

  it('an exposed module that fails to load: phase expose', async () => {
    const { result, events } = await load(async () =>
      testRemote().container(async () => {
        throw new Error('Loading chunk 412 failed');
      }),
    );
    expect(result.error).toBeDefined();
    expect(events.filter((event) => event.kind === 'error')).toEqual([
      expect.objectContaining({ phase: 'expose', error: new Error('Loading chunk 412 failed') }),
    ]);
  });

  it('a load that works sends its load event only', async () => {
    const { result, events } = await load(async () => testRemote().container(async () => () => ({ default: 'Home' })));
    expect(result.module).toEqual({ default: 'Home' });
    expect(events).toEqual([{ kind: 'load', remote: 'mf_public', path: '/' }]);
  });

  it('an error the runtime reported is not reported again by the error boundary that shows it', async () => {
    const remote = testRemote();
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    const { telemetry, observed } = setup();
    const { error } = await remote.load([telemetry.plugin()]);
    telemetry.renderFailed('mf_public', error);
    telemetry.renderFailed('mf_public', new Error('Home threw while rendering'));
    expect(observed.filter((event) => event.kind === 'error').map((event) => event.phase)).toEqual([
      'manifest',
      'render',
    ]);
  });
});
