import { ConsoleLogger, type ConsoleLoggerOptions } from '@nestjs/common';
import { AppLogger } from '../src/common/app-logger';
import { startTestApp, type TestApp } from './support/test-app';

// The lines the process writes meanwhile, in order, each with its stream.
type Written = { stream: 'stdout' | 'stderr'; text: string }[];

/** Runs `work` with stdout and stderr recorded (and kept from the test's output) until the next turn after it. */
async function recorded(work: () => unknown): Promise<Written> {
  const written: Written = [];
  const spies = (['stdout', 'stderr'] as const).map((stream) =>
    jest.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push({ stream, text: String(chunk) });
      return true;
    }),
  );
  try {
    await work();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return written;
}

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[\d;]*m/g, '');

describe('the log line', () => {
  // A whole second: the readable layout shows seconds.
  const NOW = Date.UTC(2026, 6, 1, 9, 30, 15);

  beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
  afterEach(() => jest.restoreAllMocks());

  const layouts: [string, ConsoleLoggerOptions][] = [
    ['readable, in colour', { colors: true }],
    ['readable, plain', { colors: false }],
    ['readable, with the time since the last line', { colors: false, timestamp: true }],
    ['JSON, as in production', { json: true }],
  ];

  it.each(layouts)('is laid out as Nest lays it out (%s)', async (_name, options) => {
    const message = 'GET /classes?page=2 200 1.3ms id=4f1c2a';
    const theirs = new ConsoleLogger({ logLevels: ['log'], ...options });
    const ours = new AppLogger({ logLevels: ['log'], ...options });
    const expected = await recorded(() => theirs.log(message, 'HTTP'));
    const written = await recorded(() => ours.log(message, 'HTTP'));
    expect(written.map((w) => w.text).join('')).toBe(expected.map((w) => w.text).join(''));
    expect(plain(written[0].text)).toContain(message);
  });

  it('keeps its place among the errors and warnings around it', async () => {
    const logger = new AppLogger({ logLevels: ['log', 'warn', 'error'], colors: false });
    const written = await recorded(() => {
      logger.log('first', 'HTTP');
      logger.error('second', 'Boom');
      logger.log('third', 'HTTP');
      logger.warn({ fourth: true }, 'Metrics');
      logger.log('fifth', 'HTTP');
    });
    const order = written.map((w) => `${w.stream} ${/first|second|third|fourth|fifth/.exec(w.text)?.[0]}`);
    expect(order).toEqual(['stdout first', 'stderr second', 'stdout third', 'stdout fourth', 'stdout fifth']);
  });
});

describe('a line per request at LOG_LEVEL=log', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { LOG_LEVEL: 'log' }, seed: true });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('names the call, its status, its time and its request id', async () => {
    const written = await recorded(async () => {
      await t.http().get('/classes/popular').set('X-Request-Id', 'log-line-check').expect(200);
      // The line is written once the answer has gone out.
      for (let i = 0; i < 50; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const lines = written.map((w) => plain(w.text)).filter((text) => text.includes('id=log-line-check'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ {4}LOG \[HTTP\] GET \/classes\/popular 200 \d+\.\dms id=log-line-check\n$/);
  });
});
