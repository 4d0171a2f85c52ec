// The embedded MongoDB-compatible database (mongo-java-server + H2 file) used when MONGODB_URI is not set; the API
// tests' databases are in memory.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { spawnService, ready } from './proc.mjs';

const devdbDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../devdb');
const libDir = path.join(devdbDir, 'lib');

/** The jars DevDb.java needs (a lib/ fetched before one was added is fetched again). */
const JARS = ['mongo-java-server-core', 'mongo-java-server-h2-backend', 'mongo-java-server-memory-backend'];

/** The `file` that keeps the data in memory only: for tests that never restart the database on its data. */
export const IN_MEMORY = ':memory:';

async function has(cmd) {
  const r = await execa('sh', ['-c', `command -v ${cmd}`], { reject: false });
  return r.exitCode === 0;
}

/**
 * Fetches the database's jars from Maven Central once (about 5-10 s), into the ignored devdb/lib.
 * @param {{ log?: (msg: string) => void }} [options]
 */
export async function ensureDevDbDeps({ log = console.log } = {}) {
  const missing = [];
  if (!(await has('java'))) missing.push('java');
  if (!(await has('mvn'))) missing.push('mvn');
  if (missing.length) {
    throw new Error(
      `The embedded database needs ${missing.join(' and ')}. Install them with ` +
        '`apt-get install -y openjdk-17-jdk-headless maven`, or set MONGODB_URI to use your own MongoDB.',
    );
  }
  const jars = existsSync(libDir) ? readdirSync(libDir) : [];
  if (JARS.every((name) => jars.some((f) => f.startsWith(name)))) return;
  log('Fetching the embedded database (mongo-java-server) from Maven Central, once...');
  await execa('mvn', ['-q', '-B', 'dependency:copy-dependencies', `-DoutputDirectory=${libDir}`], {
    cwd: devdbDir,
    stdio: 'inherit',
  });
}

/**
 * DevDb.java compiled once per version of its source, into the ignored devdb/lib: launched from its source file,
 * java compiles it again on every start, and the tests start many databases.
 * @returns {Promise<string>} the folder of its classes
 */
async function compiledDevDb() {
  const source = path.join(devdbDir, 'DevDb.java');
  const version = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 16);
  const classes = path.join(libDir, 'classes', version);
  if (existsSync(classes)) return classes;
  mkdirSync(path.dirname(classes), { recursive: true });
  // Compiled aside and renamed into place: databases starting at once never see half a folder.
  const staging = mkdtempSync(`${classes}-`);
  try {
    await execa('javac', ['-nowarn', '-d', staging, '-cp', `${libDir}/*`, source]);
    renameSync(staging, classes);
  } catch (err) {
    // Another start compiled it first; anything else is a real failure.
    if (!existsSync(classes)) throw err;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return classes;
}

/**
 * Starts the database on 127.0.0.1:port with its data in `file` (or IN_MEMORY); resolves once it accepts connections.
 * @param {{ port?: number, file: string, quiet?: boolean, log?: (msg: string) => void }} options
 */
export async function startDevDb({ port = 27017, file, quiet = true, log }) {
  if (!file) throw new Error('startDevDb needs a data file path');
  await ensureDevDbDeps({ log });
  const classes = await compiledDevDb();
  if (file !== IN_MEMORY) mkdirSync(path.dirname(file), { recursive: true });
  const service = spawnService(
    'database',
    'java',
    [
      // An in-memory database lives for one test suite or run: the JIT's optimising tier and a parallel collector
      // cost it more CPU than they earn back in that time.
      ...(file === IN_MEMORY ? ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] : []),
      '-Dorg.slf4j.simpleLogger.defaultLogLevel=warn',
      '-cp',
      `${libDir}/*${path.delimiter}${classes}`,
      'DevDb',
      String(port),
      file,
    ],
    { quiet },
  );
  await ready(service, [`tcp:127.0.0.1:${port}`], 60_000);
  return { uri: `mongodb://127.0.0.1:${port}`, port, stop: () => service.stop(), service };
}
