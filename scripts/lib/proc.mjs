// Child processes with prefixed output and a clean stop (execa handles the signals and kill-after-timeout).
import { execa } from 'execa';

const COLORS = [36, 35, 33, 32, 34, 31, 96, 95, 93];
let colorIndex = 0;

/**
 * Starts a long-running command. Output lines are prefixed with its name unless `quiet`.
 * Returns { name, child, stop(), exited } where `exited` resolves when it ends.
 * `detached`: in its own process group, so a signal to ours (a terminal's Ctrl-C) does not reach it; it is still
 * sent SIGTERM when this process exits.
 * @param {string} name
 * @param {string} file
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, cwd?: string, quiet?: boolean, detached?: boolean, onLine?: (line: string) => void }} [options]
 */
export function spawnService(name, file, args, { env = {}, cwd, quiet = false, detached = false, onLine } = {}) {
  const color = COLORS[colorIndex++ % COLORS.length];
  const tag = `\x1b[${color}m${name.padEnd(13)}\x1b[0m|`;
  const child = execa(file, args, {
    cwd,
    env: { ...process.env, ...env },
    reject: false,
    cleanup: true,
    forceKillAfterDelay: 8000,
    stdin: 'ignore',
    buffer: false,
    detached,
  });
  if (detached) {
    // execa's cleanup leaves detached children alone.
    const orphaned = () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        child.kill('SIGTERM');
      } catch {
        // already gone
      }
    };
    process.on('exit', orphaned);
    child.finally(() => process.off('exit', orphaned)).catch(() => undefined);
  }
  const relay = (/** @type {import('node:stream').Readable | null} */ stream) => {
    let rest = '';
    stream?.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        onLine?.(line);
        if (!quiet && line.trim()) process.stdout.write(`${tag} ${line}\n`);
      }
    });
  };
  relay(child.stdout);
  relay(child.stderr);
  const exited = child.then((r) => r);
  return {
    name,
    child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Waits until every resource answers (wait-on syntax: http://..., tcp:host:port), failing after timeoutMs.
 * @param {string[]} resources
 * @param {number} timeoutMs
 * @param {string} what
 */
export async function waitFor(resources, timeoutMs, what) {
  // Loaded here: with its dependencies it is most of what importing this module costs, and the release commands,
  // which import the launcher's settings, never wait for a service.
  const { default: waitOn } = await import('wait-on');
  try {
    await waitOn({
      resources,
      timeout: timeoutMs,
      interval: 250,
      window: 0,
      validateStatus: (s) => s >= 200 && s < 500,
    });
  } catch {
    throw new Error(
      `${what} did not become ready within ${Math.round(timeoutMs / 1000)} s (waited for ${resources.join(', ')})`,
    );
  }
}

/**
 * Races readiness against an early exit so a crashed service fails fast with its name.
 * @param {{ name: string, exited: Promise<{ exitCode?: number, signal?: string }> }} service
 * @param {string[]} resources
 * @param {number} timeoutMs
 */
export async function ready(service, resources, timeoutMs) {
  const early = service.exited.then((r) => {
    throw new Error(
      `${service.name} exited before it was ready (code ${r.exitCode ?? r.signal}). See its output above.`,
    );
  });
  await Promise.race([waitFor(resources, timeoutMs, service.name), early]);
  early.catch(() => {});
}
