/**
 * @jest-environment node
 */
// The server render's containers: two releases of one remote served at once (live and a canary) stay apart, even
// with renders interleaved, each with its own public path; and the number kept loaded is bounded.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { init } from '@module-federation/enhanced/runtime';
import loadFromFiles from './loadFromFiles';
import { loadServerScreen, MAX_CONTAINERS, registeredContainers } from './serverRemotes';

type Screen = { release: string; publicPath: string; expose: string };

/** A server container as a remote's build writes it (library commonjs-module): init, and get of an expose. */
const CONTAINER = (release: string) => `
const publicPath = (globalThis.__SPORTIFY_PUBLIC_PATHS__ || {}).mf_public;
module.exports = {
  init: async () => undefined,
  get: async (expose) => () => ({ default: Object.assign(() => null, { release: ${JSON.stringify(release)}, publicPath, expose }) }),
};
`;

const work = mkdtempSync(path.join(os.tmpdir(), 'server-remotes-'));
const container = (release: string) => {
  const file = path.join(work, release, 'server', 'remoteEntry.js');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, CONTAINER(release));
  return file;
};
const manifest = (release: string) => `http://localhost:3001/releases/${release}/mf-manifest.json`;
const load = async (release: string) => {
  const loaded = await loadServerScreen(
    { mf_public: container(release) },
    { mf_public: manifest(release) },
    'mf_public',
    'Home',
  );
  return loaded.default as unknown as Screen;
};
/** Containers the runtime has started (initialised), by file. */
const inits = new Map<string, number>();
const started = (release: string) => inits.get(container(release)) ?? 0;

beforeAll(() => {
  (globalThis as { __non_webpack_require__?: NodeJS.Require }).__non_webpack_require__ = createRequire(__filename);
  init({
    name: 'shell',
    remotes: [],
    plugins: [
      loadFromFiles(),
      {
        name: 'count-container-starts',
        initContainer: (args) => {
          inits.set(args.remoteInfo.entry, (inits.get(args.remoteInfo.entry) ?? 0) + 1);
          return args;
        },
      },
    ],
  });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

test('live and canary releases of one remote, loaded by interleaved renders, each give their own screen', async () => {
  const releases = Array.from({ length: 12 }, (_, i) => (i % 2 ? '0.1.0-abc.2' : '0.1.0-abc.1'));
  const screens = await Promise.all(releases.map(load));
  screens.forEach((screen, i) => {
    expect(screen.release).toBe(releases[i]);
    expect(screen.publicPath).toBe(`http://localhost:3001/releases/${releases[i]}/`);
    expect(screen.expose).toBe('./Home');
  });
  expect([started('0.1.0-abc.1'), started('0.1.0-abc.2')]).toEqual([1, 1]);
  expect((await load('0.1.0-abc.1')).release).toBe('0.1.0-abc.1');
  expect((await load('0.1.0-abc.2')).release).toBe('0.1.0-abc.2');
  expect([started('0.1.0-abc.1'), started('0.1.0-abc.2')]).toEqual([1, 1]);
});

test('at most MAX_CONTAINERS are kept; a release given up is loaded again when a page names it', async () => {
  for (let i = 0; i < MAX_CONTAINERS + 5; i += 1) expect((await load(`0.2.0-abc.${i}`)).release).toBe(`0.2.0-abc.${i}`);
  expect(registeredContainers()).toBe(MAX_CONTAINERS);
  expect(started('0.2.0-abc.0')).toBe(1);
  expect((await load('0.2.0-abc.0')).release).toBe('0.2.0-abc.0');
  expect(started('0.2.0-abc.0')).toBe(2);
  expect(registeredContainers()).toBe(MAX_CONTAINERS);
});
