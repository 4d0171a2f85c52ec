// The registry's writers: the release commands and every page server's automatic rollback. Each change is made under
// one lock file in the releases folder, so two writers never lose each other's change, and written atomically, so
// readers (which take no lock) see the old or the new registry, never half of it. Node built-ins only: the page
// server's build carries a copy of this file.
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

export const LOCK_FILE = '.registry.lock';

/** JSON of a file, or undefined when it does not exist. */
export function readJson(file) {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Writes a file so readers see the old or the new content, never half of it: temporary file, then rename. */
export function writeJsonAtomic(file, value) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, file);
}

/** @returns {Record<string, any>} */
export const readRegistry = (dir) => readJson(path.join(dir, 'registry.json')) ?? {};

export const writeRegistry = (dir, registry) => writeJsonAtomic(path.join(dir, 'registry.json'), registry);

export function recordHistory(dir, entry) {
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, 'history.jsonl'), `${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
}

const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The lock file's text and age, or undefined when there is none. */
function readLock(file) {
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
function takeOver(file, staleText) {
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
 * @template T
 * @param {string} dir
 * @param {() => T} change
 * @param {{ waitMs?: number, staleMs?: number }} [options]
 * @returns {T}
 */
export function withRegistryLock(dir, change, { waitMs = 10_000, staleMs = 30_000 } = {}) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const token = `${process.pid} ${new Date().toISOString()} ${randomUUID()}\n`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(file, token, { flag: 'wx' });
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
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
