#!/usr/bin/env node
// `npm run typecheck:remotes`: the shell type-checks against the types each remote publishes.
//   node scripts/remote-types.mjs [--from <package>=<build dir> ...]
// Every remote's production build carries its exposed modules' declarations (@mf-types.zip, written by the Module
// Federation types plugin). For each remote this takes the build the site serves now (its live release, else its
// unversioned build) or the candidate named with --from, lets the types plugin download the archives from a
// loopback server over those folders (it downloads over HTTP only; nothing leaves the machine), and checks with tsc
// that every screen the remote declares in screens.json is a module the shell can render (RemoteScreenModule).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { execa } from 'execa';
import { liveBuildDir } from './releases/guard.mjs';
import { readScreens, REMOTES } from './releases/screens.mjs';
import { readRegistry, releasesDir, repoRoot } from './releases/store.mjs';

const require = createRequire(import.meta.url);
const shellDir = path.join(repoRoot, 'shell');
/** Where the types plugin unpacks the archives and this check writes its tsconfig (git-ignored). */
const TYPES_FOLDER = '@mf-types';
const typesDir = path.join(shellDir, TYPES_FOLDER);
const CHECK_FILE = 'screens.check.ts';

class Refused extends Error {}
/** @type {(message: string) => never} */
const fail = (message) => {
  throw new Refused(message);
};

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

/** `--from mf-public=<dir>` pairs: package -> candidate build folder. */
function candidates(values) {
  /** @type {Map<string, string>} */
  const from = new Map();
  for (const value of values) {
    const [pkg, dir] = [value.slice(0, value.indexOf('=')), value.slice(value.indexOf('=') + 1)];
    if (!value.includes('=') || !dir) fail(`--from takes <package>=<build dir>, got "${value}"`);
    if (!REMOTES.some((r) => r.name === pkg))
      fail(`"${pkg}" is not a remote (${REMOTES.map((r) => r.name).join(', ')})`);
    from.set(pkg, path.resolve(dir));
  }
  return from;
}

/** Each remote's build to check, with the file names of its published types and the screens it declares. */
function builds(from) {
  const dir = releasesDir();
  const registry = readRegistry(dir);
  return REMOTES.map((remote) => {
    const buildDir = from.get(remote.name) ?? liveBuildDir(dir, remote.name, registry);
    if (!buildDir || !existsSync(buildDir))
      fail(`${remote.name} has no build to check (run npm run build -w ${remote.name}, or release one)`);
    const release = readJson(path.join(buildDir, 'release.json'));
    const label = release
      ? `${remote.name} ${release.version}`
      : `${remote.name} (build in ${buildDir.startsWith(repoRoot) ? path.relative(repoRoot, buildDir) : buildDir})`;
    const types = readJson(path.join(buildDir, 'mf-manifest.json'))?.metaData?.types;
    if (!types?.zip || !existsSync(path.join(buildDir, types.zip)))
      fail(
        `${label} publishes no types (no types archive named by its mf-manifest.json; npm start's build leaves them out): run npm run build, or release it again`,
      );
    const declared = readScreens(buildDir);
    if (!Array.isArray(declared) || declared.length === 0) fail(`${label} declares no screens (screens.json)`);
    return { ...remote, buildDir, label, zip: types.zip, screens: declared };
  });
}

/** Serves each build's types archive, and nothing else, on a loopback port. */
async function serveTypes(checked) {
  const files = new Map(checked.map((b) => [`/${b.name}/${b.zip}`, path.join(b.buildDir, b.zip)]));
  const server = http.createServer((req, res) => {
    const file = files.get(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (req.method !== 'GET' || !file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': file.endsWith('.zip') ? 'application/zip' : 'text/plain' });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { server, url: (b) => `${origin}/${b.name}/${encodeURIComponent(b.zip)}` };
}

/** The types plugin's consumer, as a host whose remotes are the checked builds. */
async function downloadTypes(checked) {
  const { consumeTypes } = require('@module-federation/dts-plugin/core');
  const { server, url } = await serveTypes(checked);
  try {
    await consumeTypes({
      host: {
        moduleFederationConfig: { name: 'shell', remotes: {} },
        context: shellDir,
        typesFolder: TYPES_FOLDER,
        deleteTypesFolder: true,
        maxRetries: 1,
        timeout: 10_000,
        remoteTypeUrls: Object.fromEntries(checked.map((b) => [b.federation, { alias: b.federation, zip: url(b) }])),
      },
    });
  } finally {
    server.close();
  }
  // The plugin settles every download and logs a failure instead of throwing.
  for (const b of checked) {
    if (!existsSync(path.join(typesDir, String(b.federation))))
      fail(`the types of ${b.label} could not be unpacked from ${path.join(b.buildDir, b.zip)}`);
  }
}

/** Writes the check (one type per declared screen) and its tsconfig; returns what each line of the check is about. */
function writeCheck(checked) {
  const header = [
    '// Written by scripts/remote-types.mjs on each run: every screen a remote declares, as the shell loads it.',
    "import type { RemoteScreenModule } from '../src/federation/remoteRegistry';",
    '',
    'type Renders<M extends RemoteScreenModule> = M;',
    '',
  ];
  /** @type {Map<number, string>} line -> the screen it checks */
  const lines = new Map();
  const body = checked.flatMap((b) =>
    b.screens.map((screen, i) => {
      const specifier = `${b.federation}/${screen.module}`;
      lines.set(header.length + lines.size + 1, `${b.label}: ${specifier} (${screen.path})`);
      return `export type Screen_${b.federation}_${i} = Renders<typeof import('${specifier}')>;`;
    }),
  );
  writeFileSync(path.join(typesDir, CHECK_FILE), `${[...header, ...body].join('\n')}\n`);
  const tsconfig = {
    extends: '../../tsconfig.base.json',
    compilerOptions: {
      composite: false,
      declaration: false,
      emitDeclarationOnly: false,
      noEmit: true,
      types: [],
      paths: Object.fromEntries(checked.map((b) => [`${b.federation}/*`, [`./${b.federation}/*`]])),
    },
    files: [`./${CHECK_FILE}`],
  };
  writeFileSync(path.join(typesDir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  return lines;
}

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string', multiple: true, default: [] } } });
  const checked = builds(candidates(values.from));
  mkdirSync(typesDir, { recursive: true });
  await downloadTypes(checked);
  const lines = writeCheck(checked);
  const tsc = await execa(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', path.join(typesDir, 'tsconfig.json'), '--pretty', 'false'],
    { cwd: shellDir, reject: false, all: true },
  );
  if (tsc.exitCode !== 0) {
    // Name the remote, release and screen of each error in the check file; tsc's indented lines explain the one above.
    const errors = [];
    for (const line of String(tsc.all).split('\n')) {
      if (!line.trim()) continue;
      const at = line.match(/screens\.check\.ts\((\d+),\d+\): (.*)/);
      if (at) errors.push(`${lines.get(Number(at[1])) ?? `line ${at[1]}`}: ${at[2]}`);
      else if (/^\s/.test(line) && errors.length) errors[errors.length - 1] += `\n    ${line.trim()}`;
      else errors.push(line);
    }
    fail(`the shell does not fit the types these remotes publish:\n  - ${errors.join('\n  - ')}`);
  }
  console.log('The shell type-checks against the types each remote publishes:');
  for (const b of checked) console.log(`  ${b.label}: ${b.screens.map((s) => s.module).join(', ')}`);
}

try {
  await main();
} catch (error) {
  if (!(error instanceof Refused)) throw error;
  console.error(`typecheck:remotes: ${error.message}`);
  process.exitCode = 1;
}
