// The automatic rollback of canaries, inside every page server: while a package has a canary, its health is read
// from the API (GET /telemetry/health, the figures of every replica) and judged by clients (@sportify/platform/canary):
// held below its minimum of distinct clients, ended when its error rate exceeds the live release's by more than its
// margin. Any number of page servers
// may decide at once: the change is made under the registry's lock, by the first that still finds that canary.
import os from 'node:os';
import { canaryWindowMinutes, judgeCanary, type ReleaseFigures, type Verdict } from '@sportify/platform/canary';
import {
  readRegistry,
  recordHistory,
  withRegistryLock,
  writeRegistry,
  type CanaryRelease,
} from '@sportify/platform/releases';
import { noteOnce, reportOnce } from './log.js';
import type { CanaryFigures, PageMetrics } from './metrics.js';
import type { RemoteBuild } from './site.js';

export { judgeCanary };
/** Minutes of health to read: since the canary started, at least 1, at most 60. */
export const windowMinutes = canaryWindowMinutes;

export interface CanaryWatchSettings {
  releasesDir: string;
  remotes: RemoteBuild[];
  /** The API's origin (SPORTIFY_API_URL). */
  apiUrl: string;
  /** The operators' key the API accepts for GET /telemetry/health (SPORTIFY_OPS_KEY). */
  opsKey: string;
  /** How often the canaries are checked (SPORTIFY_CANARY_CHECK_MS). */
  intervalMs: number;
  /** Where the figures of each check are shown (the page server's metrics). */
  metrics?: PageMetrics;
}

/** The API's health figures of one remote, or undefined when it cannot give them (said once). */
async function readHealth(
  settings: CanaryWatchSettings,
  federation: string,
  minutes: number,
): Promise<ReleaseFigures[] | undefined> {
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/telemetry/health?minutes=${minutes}&remote=${federation}`;
  const unavailable = (why: string) =>
    void reportOnce(`canary check: ${why}; canaries are not checked until the API answers GET /telemetry/health`);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'X-Sportify-Ops-Key': settings.opsKey, Accept: 'application/json' },
      signal: AbortSignal.timeout(Math.min(settings.intervalMs, 5000)),
    });
  } catch (error) {
    return unavailable(`the API cannot be reached (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) return unavailable(`the API answered ${response.status}`);
  const body = (await response.json().catch(() => undefined)) as { releases?: unknown } | undefined;
  if (!Array.isArray(body?.releases)) return unavailable('the API gave no releases');
  return body.releases as ReleaseFigures[];
}

/**
 * Ends `pkg`'s canary when it is still the one judged (same version and start), recording the figures. Returns
 * whether this process made the change.
 */
function endCanary(releasesDir: string, pkg: string, judged: CanaryRelease, verdict: Verdict): boolean {
  return withRegistryLock(
    releasesDir,
    () => {
      const registry = readRegistry(releasesDir);
      const entry = registry[pkg];
      if (entry?.canary?.version !== judged.version || entry.canary.startedAt !== judged.startedAt) return false;
      const { canary, ...rest } = entry;
      const at = new Date().toISOString();
      const { margin } = canary;
      const { figures, minClients } = verdict;
      registry[pkg] = { ...rest, lastAutoRollback: { version: canary.version, at, margin, minClients, figures } };
      writeRegistry(releasesDir, registry);
      recordHistory(releasesDir, {
        action: 'auto-rollback',
        package: pkg,
        version: canary.version,
        live: entry.live?.version ?? null,
        percent: canary.percent,
        margin,
        minClients,
        figures,
        who: `page server ${os.hostname()} pid ${process.pid}`,
      });
      return true;
    },
    // Never hold pages up for long: a busy lock is tried again at the next check.
    { waitMs: 250 },
  );
}

/** One check of every canary; resolves when done. */
export async function checkCanaries(settings: CanaryWatchSettings): Promise<void> {
  const judged: CanaryFigures[] = [];
  try {
    await checkEach(settings, judged);
  } finally {
    settings.metrics?.judged(judged);
  }
}

async function checkEach(settings: CanaryWatchSettings, judged: CanaryFigures[]): Promise<void> {
  const registry = readRegistry(settings.releasesDir, { serving: true });
  for (const remote of settings.remotes) {
    const entry = registry[remote.package];
    const canary = entry?.canary;
    if (!canary) continue;
    const releases = await readHealth(settings, remote.federation, canaryWindowMinutes(canary.startedAt));
    if (!releases) return;
    const verdict = judgeCanary(canary, entry.live?.version ?? null, remote.federation, releases);
    judged.push({
      package: remote.package,
      version: canary.version,
      live: entry.live?.version ?? null,
      canary: verdict.figures.canary,
      liveFigures: verdict.figures.live,
    });
    if (verdict.decision === 'hold') {
      const { clients } = verdict.figures.canary;
      noteOnce(
        `canary: ${remote.package} ${canary.version} is held: ${clients} distinct clients, fewer than its ${verdict.minClients}; ` +
          'it is not judged (nor rolled back automatically) until it has them',
      );
      continue;
    }
    if (!verdict.rollback) continue;
    let ended: boolean;
    try {
      ended = endCanary(settings.releasesDir, remote.package, canary, verdict);
    } catch (error) {
      console.error(`canary check: ${remote.package} ${canary.version} could not be rolled back now:`, error);
      continue;
    }
    if (!ended) continue;
    settings.metrics?.autoRollbacks.inc({ package: remote.package });
    const { canary: c, live } = verdict.figures;
    const rate = (f: typeof c) => `${f.errorClients} of ${f.clients} clients with errors`;
    console.log(
      `canary: ${remote.package} ${canary.version} rolled back automatically: ${rate(c)} against live ` +
        `${entry.live?.version ?? 'build'} ${rate(live)} (margin ${canary.margin}, at least ${verdict.minClients} clients); ` +
        'every browser gets the live release at its next page load',
    );
  }
}

/** Checks the canaries every `intervalMs` (one check at a time); returns the function that stops it. */
export function watchCanaries(settings: CanaryWatchSettings): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    checkCanaries(settings)
      .catch((error: unknown) => console.error('canary check failed:', error))
      .finally(() => {
        running = false;
      });
  }, settings.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
