import { siteRoutes } from '../test/renderApp';
import type { ShellConfig } from '../config/loadConfig';
import { createTelemetry, startPageTelemetry } from './telemetry';
import { createSender, routePattern, type SenderOptions, type TelemetryEvent } from './telemetrySender';

const TRACE = '0123456789abcdef0123456789abcdef';
const RELEASE = { version: '0.1.0-abc1234.20261124101500', channel: 'canary' } as const;

/** The page's telemetry in front of a sender whose beacon is a stub; the page shows a payment page. */
function setup(options: Partial<SenderOptions> = {}) {
  const send = jest.fn((_url: string, _body: string) => true);
  const sender = createSender({
    endpoint: '/api/telemetry',
    traceId: TRACE,
    release: () => RELEASE,
    route: (path) => routePattern(siteRoutes().routes, path),
    send,
    ...options,
  });
  const telemetry = { ...createTelemetry(sender.push, () => '/dashboard/payment/42'), flush: sender.flush };
  const batches = () => send.mock.calls.map(([, body]) => (JSON.parse(body) as { events: TelemetryEvent[] }).events);
  return { telemetry, send, batches };
}

describe('telemetry batching', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends 10 queued events at once, as one JSON string to the endpoint', () => {
    const { telemetry, send, batches } = setup();
    for (let i = 0; i < 9; i += 1) telemetry.asked(`mf_remote${i}`);
    expect(send).not.toHaveBeenCalled();
    telemetry.asked('mf_remote9');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toBe('/api/telemetry');
    expect(typeof send.mock.calls[0][1]).toBe('string');
    expect(batches()[0]).toHaveLength(10);
  });

  it('sends what waits 2 s after the first event, not before', () => {
    const { telemetry, send, batches } = setup();
    telemetry.asked('mf_public');
    jest.advanceTimersByTime(1500);
    telemetry.failed('mf_public', 'expose', new Error('chunk failed'));
    jest.advanceTimersByTime(499);
    expect(send).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(batches()).toEqual([
      [
        { kind: 'load', remote: 'mf_public', ...RELEASE, route: '/dashboard/payment/:id', traceId: TRACE },
        {
          kind: 'error',
          remote: 'mf_public',
          phase: 'expose',
          message: 'Error: chunk failed',
          ...RELEASE,
          route: '/dashboard/payment/:id',
          traceId: TRACE,
        },
      ],
    ]);
    jest.advanceTimersByTime(10_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("names the release a remote moved to after the page loaded, and the page's release of the others", () => {
    const { telemetry, batches } = setup();
    const canary = { version: '0.2.0-def5678.20261124120000', channel: 'canary' } as const;
    telemetry.moved('mf_admin', canary);
    telemetry.moved('mf_student', undefined);
    telemetry.asked('mf_admin');
    telemetry.asked('mf_student');
    telemetry.flush();
    expect(batches()[0].map(({ remote, version, channel }) => ({ remote, version, channel }))).toEqual([
      { remote: 'mf_admin', ...canary },
      { remote: 'mf_student', ...RELEASE },
    ]);
  });

  it('sends one load event per remote per page load, and caps the events a page sends', () => {
    const { telemetry, batches } = setup({ maxEvents: 12 });
    telemetry.asked('mf_public');
    telemetry.asked('mf_public');
    for (let i = 0; i < 30; i += 1) telemetry.renderFailed('mf_public', new Error(`loop ${i}`));
    telemetry.flush();
    const events = batches().flat();
    expect(events).toHaveLength(12);
    expect(events.filter((event) => event.kind === 'load')).toHaveLength(1);
    expect(batches().map((batch) => batch.length)).toEqual([10, 2]);
  });

  it('never throws: a beacon that throws or a release that cannot be read drops the events', () => {
    const { telemetry } = setup({
      send: () => {
        throw new Error('beacon refused');
      },
    });
    expect(() => {
      for (let i = 0; i < 10; i += 1) telemetry.renderFailed('mf_public', new Error(`e${i}`));
      telemetry.flush();
    }).not.toThrow();
    const broken = setup({
      release: () => {
        throw new Error('no config');
      },
    });
    expect(() => broken.telemetry.asked('mf_public')).not.toThrow();
    broken.telemetry.flush();
    expect(broken.send).not.toHaveBeenCalled();
  });

  it('keeps messages short and sends nothing but the fields of the contract', () => {
    const { telemetry, batches } = setup();
    telemetry.renderFailed('mf_public', new TypeError('x'.repeat(1000)));
    telemetry.flush();
    const [event] = batches()[0];
    expect(event.message).toHaveLength(300);
    expect(Object.keys(event).sort()).toEqual(
      ['channel', 'kind', 'message', 'phase', 'remote', 'route', 'traceId', 'version'].sort(),
    );
  });
});

describe('route pattern', () => {
  const { routes } = siteRoutes();

  it('is the pattern the path matches, never the concrete path', () => {
    expect(routePattern(routes, '/dashboard/payment/65f0c1a2b3c4d5e6f7a8b9c0')).toBe('/dashboard/payment/:id');
    expect(routePattern(routes, '/classes/')).toBe('/classes');
    expect(routePattern(routes, '/login')).toBe('/login');
    expect(routePattern(routes, '/someone@example.com/secret')).toBe('/*');
  });
});

describe('reporting from the page (sendBeacon is the boundary)', () => {
  const sendBeacon = jest.fn((_url: string, _body: string) => true);
  beforeAll(() => Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true }));
  beforeEach(() => {
    sendBeacon.mockClear();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  const TOKEN = 'v1.eyJ0IjoiMCJ9.c2lnbmVkLWJ5LXRoZS1wYWdlLXNlcnZlci0wMTIzNDU2Nzg5YWI';
  const config = {
    apiUrl: '/api',
    traceId: TRACE,
    reportToken: TOKEN,
    releases: { mf_public: { version: '0.1.0-abc1234.1', channel: 'live' } },
  } as unknown as ShellConfig;

  it("sends what waits when the page is hidden or left, tagged with the page trace id, release and the page's token", async () => {
    window.history.pushState({}, '', '/dashboard/payment/42');
    const telemetry = startPageTelemetry(config, () => siteRoutes().routes);
    telemetry.asked('mf_public');
    telemetry.asked('mf_student');
    // The sender is a chunk of its own: what the page observed meanwhile waits for it.
    await jest.advanceTimersByTimeAsync(0);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0];
    expect(url).toBe('/api/telemetry');
    expect(JSON.parse(body)).toEqual({
      token: TOKEN,
      events: [
        {
          kind: 'load',
          remote: 'mf_public',
          version: '0.1.0-abc1234.1',
          channel: 'live',
          route: '/dashboard/payment/:id',
          traceId: TRACE,
        },
        {
          kind: 'load',
          remote: 'mf_student',
          version: null,
          channel: 'build',
          route: '/dashboard/payment/:id',
          traceId: TRACE,
        },
      ],
    });

    telemetry.renderFailed('mf_public', new Error('boom'));
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    expect(JSON.parse(sendBeacon.mock.calls[1][1])).toMatchObject({
      token: TOKEN,
      events: [{ kind: 'error', phase: 'render' }],
    });
  });
});
