// The Firebase Auth emulator (firebase-tools), used when no real Firebase project is configured.
import { mkdirSync, mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.mjs';
import { spawnService, ready } from './proc.mjs';

const require = createRequire(import.meta.url);

export const DEMO_PROJECT_ID = 'demo-sportify';

/**
 * Starts the emulator on 127.0.0.1:port. With `dataDir`, accounts are imported from it at start, `save()` exports
 * them to it (the stop does so first), and the emulator exports again on its own exit, so sign-ups survive restarts.
 * With `dataDir` it runs in its own process group: a terminal's Ctrl-C reaches the whole group at once, and an
 * emulator caught by it would be stopped by the launcher in the middle of its export. The emulator's hub and logging ports are chosen
 * free so several emulators (the running site and a test run) never collide.
 * @param {{ port?: number, dataDir?: string, projectId?: string, quiet?: boolean }} [options]
 */
export async function startAuthEmulator({ port = 9099, dataDir, projectId = DEMO_PROJECT_ID, quiet = true } = {}) {
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'sportify-auth-'));
  const hubPort = await freePort();
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: hubPort },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(path.join(configDir, 'firebase.json'), JSON.stringify(config));
  const args = [
    '--require',
    fileURLToPath(new URL('./auth-emulator-preload.cjs', import.meta.url)),
    require.resolve('firebase-tools/lib/bin/firebase.js'),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
  ];
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(path.join(dataDir, 'firebase-export-metadata.json'))) args.push('--import', dataDir);
    args.push('--export-on-exit', dataDir);
  }
  const service = spawnService('auth-emulator', process.execPath, args, {
    cwd: configDir,
    quiet,
    // The CLI finds "its" hub through a file in the temp dir named after the project: a private TMPDIR keeps
    // emulators of the same project (a test run beside a running site) from exporting each other's accounts.
    env: { TMPDIR: configDir, NO_UPDATE_NOTIFIER: '1', CI: process.env.CI ?? '' },
    // Only when there are accounts to keep: a test run's emulator stays in the group a terminal's Ctrl-C ends.
    detached: Boolean(dataDir),
  });
  // Its start-up alone can take over 90 s on a busy 2-core machine (several test runs at once).
  await ready(service, [`http://127.0.0.1:${port}/`], 240_000);
  /** Exports every account to `dataDir` now (the hub's export: the same files as the export on exit). */
  const save = async () => {
    if (!dataDir) return;
    const res = await fetch(`http://127.0.0.1:${hubPort}/_admin/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: dataDir, initiatedBy: 'sportify-launcher' }),
      signal: AbortSignal.timeout(60_000),
    }).catch((err) => {
      throw new Error(`the Auth emulator did not answer (${err instanceof Error ? err.message : err})`);
    });
    if (!res.ok) throw new Error(`the Auth emulator's export failed (${res.status} ${await res.text()})`);
  };
  const stop = async () => {
    await service.stop();
    rmSync(configDir, { recursive: true, force: true });
  };
  return { host: `127.0.0.1:${port}`, port, projectId, save, stop, service };
}
