import type { AutoRollback, CanaryRelease, LiveRelease, Registry } from '@sportify/platform/releases';
import { api, readLatestRuntimeConfig, type ApiResponse } from '@sportify/shared-ui';

// The registry's types are @sportify/platform's (type-only: its reader is Node's, this screen reads /releases.json).
export type { AutoRollback, CanaryRelease, HealthFigures } from '@sportify/platform/releases';
/** One release as the registry describes it (releases/registry.json, written by `npm run promote` / `rollback`). */
export type ReleaseSummary = LiveRelease;

export interface PartStatus {
  /** Package name (shell, mf-public, ...). */
  part: string;
  live: ReleaseSummary | null;
  previous: ReleaseSummary | null;
  canary: CanaryRelease | null;
  lastAutoRollback: AutoRollback | null;
  /** Remotes only: the manifest URL config.json gives the shell now, and whether it answers. */
  manifest?: { url: string; reachable: boolean; detail: string };
}

// The registry lives on the shell's origin (the page's), never cached: it changes with every promote or rollback, as
// config.json does (read through the shell's one reader). The registry is public-safe by design (versions, commits, build times; who ran a switch stays in the private
// history), so this read-only screen reads it directly instead of through the API.
const readJson = async (url: string) => {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json() as Promise<unknown>;
};

async function probe(url: string): Promise<NonNullable<PartStatus['manifest']>> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    return { url, reachable: response.ok, detail: response.ok ? 'Reachable' : `Unreachable (HTTP ${response.status})` };
  } catch {
    return { url, reachable: false, detail: 'Unreachable (no answer)' };
  }
}

/** Federation name -> package name (CONVENTIONS.md: mf_public is the mf-public package). */
const packageOf = (federation: string) => federation.replace(/_/g, '-');
/** Package name -> the name telemetry reports it under (the shell keeps its own). */
export const federationOf = (part: string) => part.replace(/-/g, '_');

export async function loadPlatformStatus(): Promise<PartStatus[]> {
  const [registry, config] = await Promise.all([
    readJson('/releases.json') as Promise<Registry>,
    readLatestRuntimeConfig(),
  ]);
  const entry = (part: string) => ({
    live: registry[part]?.live ?? null,
    previous: registry[part]?.previous ?? null,
    canary: registry[part]?.canary ?? null,
    lastAutoRollback: registry[part]?.lastAutoRollback ?? null,
  });
  const remotes = await Promise.all(
    Object.entries(config.remotes ?? {}).map(async ([federation, url]) => ({
      part: packageOf(federation),
      ...entry(packageOf(federation)),
      manifest: await probe(url),
    })),
  );
  return [{ part: 'shell', ...entry('shell') }, ...remotes];
}

export type TelemetryHealth = ApiResponse<'/telemetry/health', 'get'>;
export type ReleaseHealth = TelemetryHealth['releases'][number];
export type ReportedError = ReleaseHealth['lastErrors'][number];
export const HEALTH_MINUTES = 60;

// Not the API's: the registry and the manifests are files of the site, so this read is written here (the API's calls
// are generated from its contract, @sportify/shared-ui/endpoints/*).
export const platformStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlatformStatus: build.query<PartStatus[], void>({
      queryFn: async () => {
        try {
          return { data: await loadPlatformStatus() };
        } catch (error) {
          return {
            error: {
              status: 'FETCH_ERROR',
              data: undefined,
              message: error instanceof Error ? error.message : String(error),
            },
          };
        }
      },
      // The state of the platform, not data to reuse: read afresh on every visit.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPlatformStatusQuery } = platformStatusApi;
