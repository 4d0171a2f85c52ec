// Release folders and the live-version registry, one implementation for their writers (the release commands, and
// every page server's automatic rollback of a canary) and their readers (the page server at every request, the
// release commands, the dev server). Layout under the releases folder:
//   <package>/<version>/   one immutable release of a package's build
//   registry.json          per package: the live and previous release, the rollback stack, a canary and the last
//                          automatic rollback (public-safe: no operator names); written under .registry.lock
//   history.jsonl          every release, promote, canary and rollback (private: who did it)
// Each change is made under one lock file, so two writers never lose each other's change, and written atomically, so
// readers (which take no lock) see the old or the new registry, never half of it. SPORTIFY_REGISTRY_DIR moves the
// registry, its lock and the history to a folder of their own: a cluster mounts the release code read-only and only
// that folder writable, so a page server can switch releases but never rewrite one.
import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { HealthFigures } from './canary';

export type { HealthFigures } from './canary';

/** A version names a folder and a URL segment: package version, commit and build id, nothing else. */
export const VERSION_PATTERN = /^\d+\.\d+\.\d+-[0-9A-Za-z.-]+$/;

/** The registry's summary of a release. */
export interface LiveRelease {
  version: string;
  publicPath?: string;
  commit?: string;
  builtAt?: string;
  promotedAt?: string | null;
}

/** A release served to a share of browsers (`npm run promote -- <package> <version> --canary <percent>`). */
export interface CanaryRelease extends LiveRelease {
  percent: number;
  startedAt: string;
  margin: number;
  /** Distinct clients the canary needs before it is judged (held until then). */
  minClients: number;
  /** Its name in registries written before canaries were judged by clients. */
  minLoads?: number;
}

/** A canary a page server ended because its error rate was too high, with the figures that made it. */
export interface AutoRollback {
  version: string;
  at: string;
  margin: number;
  minClients: number;
  figures: { canary: HealthFigures; live: HealthFigures };
}

export interface RegistryEntry {
  live?: LiveRelease | null;
  /** What rollback returns to. */
  previous?: LiveRelease | null;
  /** Versions rollback can return to, oldest first; the last is live. */
  stack?: string[];
  canary?: CanaryRelease;
  lastAutoRollback?: AutoRollback;
}

/** Package name -> its entry. */
export type Registry = Record<string, RegistryEntry | undefined>;

export const REGISTRY_FILE = 'registry.json';
export const LOCK_FILE = '.registry.lock';

/** Where the registry, its lock and the history of `releasesDir` live: SPORTIFY_REGISTRY_DIR, else that folder. */
export const registryDir = (releasesDir: string, env: NodeJS.ProcessEnv = process.env): string =>
  env.SPORTIFY_REGISTRY_DIR?.trim() ? path.resolve(env.SPORTIFY_REGISTRY_DIR.trim()) : releasesDir;

/** The folder of a package's release, or undefined for a version that cannot name one. */
export const releaseFolder = (releasesDir: string, pkg: string, version: string): string | undefined =>
  VERSION_PATTERN.test(version) ? path.join(releasesDir, pkg, version) : undefined;

/** JSON of a file, or undefined when it does not exist; throws when it is not JSON. */
export function readJson(file: string): unknown {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Writes a file so readers see the old or the new content, never half of it: temporary file, then rename. */
export function writeJsonAtomic(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.${randomUUID()}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, file);
}

const CACHE_SIZE = 64;
/** File -> its stamp and value, least recently used first. */
const parsed = new Map<string, { stamp: string; value: unknown }>();

/**
 * A JSON file as it is on disk now, or undefined when it is missing or not JSON. Parsed again only when the file
 * changed (an atomic write is a new inode), so every request can read the registry: promote and rollback are seen at
 * once, by every process.
 */
export function readJsonFile(file: string): unknown {
  let stamp: string;
  try {
    const stat = statSync(file);
    stamp = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    parsed.delete(file);
    return undefined;
  }
  const hit = parsed.get(file);
  parsed.delete(file);
  let value = hit?.value;
  if (hit?.stamp !== stamp) {
    try {
      value = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      value = undefined;
    }
  }
  parsed.set(file, { stamp, value });
  if (parsed.size > CACHE_SIZE) parsed.delete(parsed.keys().next().value as string);
  return value;
}

/**
 * The registry as it is now; {} when there is none. Read fresh, and a registry.json that is not a JSON object throws,
 * so a writer never replaces what it could not read. `serving` (a page or file being served, at every request):
 * parsed again only when the file changed, and an unreadable registry counts as none.
 */
export function readRegistry(releasesDir: string, { serving = false } = {}): Registry {
  const file = path.join(registryDir(releasesDir), REGISTRY_FILE);
  if (serving) {
    const value = readJsonFile(file);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Registry) : {};
  }
  let value: unknown;
  try {
    value = readJson(file) ?? {};
  } catch (error) {
    throw new Error(`${file} is not JSON (${(error as Error).message})`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${file} is not a JSON object`);
  return value as Registry;
}

export const writeRegistry = (releasesDir: string, registry: Registry): void =>
  writeJsonAtomic(path.join(registryDir(releasesDir), REGISTRY_FILE), registry);

/** Appends one line to history.jsonl, with the time. */
export function recordHistory(releasesDir: string, entry: Record<string, unknown>): void {
  const dir = registryDir(releasesDir);
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'history.jsonl'), `${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The lock file's text and age, or undefined when there is none. */
function readLock(file: string): { text: string; age: number } | undefined {
  try {
    return { text: readFileSync(file, 'utf8'), age: Date.now() - statSync(file).mtimeMs };
  } catch {
    return undefined;
  }
}

/**
 * Takes over a lock judged stale: moves it aside (one writer wins the rename) and deletes it, unless what was moved
 * is no longer the stale lock but a live writer's newer one, which is put back.
 */
function takeOver(file: string, staleText: string): void {
  const aside = `${file}.${process.pid}.${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch {
    return;
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleText) linkSync(aside, file);
  } catch {
    // Yet another writer holds the name now; it keeps it.
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * Runs `change` while holding the releases folder's lock file (created exclusively; removed after). Waits up to
 * `waitMs` for another writer; a lock older than `staleMs` was left by a writer that died and is taken over. Each
 * writer's lock holds a token of its own, so a writer removes only its own lock, never the one of a writer that took
 * over after it ran past `staleMs`.
 */
export function withRegistryLock<T>(
  releasesDir: string,
  change: () => T,
  { waitMs = 10_000, staleMs = 30_000 }: { waitMs?: number; staleMs?: number } = {},
): T {
  const dir = registryDir(releasesDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const token = `${process.pid} ${new Date().toISOString()} ${randomUUID()}\n`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(file, token, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = readLock(file);
    if (!held) continue;
    if (held.age > staleMs) takeOver(file, held.text);
    else if (Date.now() > deadline) throw new Error(`another writer holds ${file}; try again`);
    else pause(10);
  }
  try {
    return change();
  } finally {
    if (readLock(file)?.text === token) rmSync(file, { force: true });
  }
}
