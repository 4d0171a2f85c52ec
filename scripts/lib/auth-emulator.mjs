// The Firebase Auth emulator (firebase-tools), used when no real Firebase project is configured.
import { mkdirSync, mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort } from './ports.mjs';
import { spawnService, ready } from './proc.mjs';

const require = createRequire(import.meta.url);

export const DEMO_PROJECT_ID = 'demo-sportify';

/**
 * Starts the emulator on 127.0.0.1:port. With `dataDir`, accounts are imported from it at start and exported to it
 * on a clean exit, so sign-ups survive restarts. The emulator's hub and logging ports are chosen free so several
 * emulators (the running site and a test run) never collide.
 * @param {{ port?: number, dataDir?: string, projectId?: string, quiet?: boolean }} [options]
 */
export async function startAuthEmulator({ port = 9099, dataDir, projectId = DEMO_PROJECT_ID, quiet = true } = {}) {
  const configDir = mkdtempSync(path.join(os.tmpdir(), 'sportify-auth-'));
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(path.join(configDir, 'firebase.json'), JSON.stringify(config));
  const args = [
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
  });
  // Its start-up alone can take over 90 s on a busy 2-core machine (several test runs at once).
  await ready(service, [`http://127.0.0.1:${port}/`], 240_000);
  const stop = async () => {
    await service.stop();
    rmSync(configDir, { recursive: true, force: true });
  };
  return { host: `127.0.0.1:${port}`, port, projectId, stop, service };
}
