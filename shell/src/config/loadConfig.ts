// @sportify/platform/config's, through the shared singleton: the page then carries one copy of them.
import { parseOverrides, parseRuntimeConfig, type Overrides, type RuntimeConfig } from '@sportify/shared-ui';
import type { ReleaseInUse } from '../federation/telemetry';
import { parseLiveRoutes, type LiveRoutes } from '../routes/liveRoutes';
import { fetchConfigJson, fetchLatestConfigJson } from './fetchConfigJson';

/** What the page server says of this page load, for error reports: its trace id and each part's release. */
export interface PageIdentity {
  /** 32 hex characters, in a page's inline config only (not in /config.json). */
  traceId?: string;
  /** The page server's signed token for this page load's reports (the API counts none without it). */
  reportToken?: string;
  /** Federation name (and `shell`) -> the release the page uses. */
  releases: Record<string, ReleaseInUse>;
}

/** The runtime config with the route table of the live releases, this page's identity and its overrides. */
export type ShellConfig = RuntimeConfig & LiveRoutes & PageIdentity & { overrides: Overrides };

const parse = (raw: unknown): ShellConfig => {
  const config = parseRuntimeConfig(raw);
  const { traceId, reportToken, releases } = raw as { traceId?: unknown; reportToken?: unknown; releases?: unknown };
  return {
    ...config,
    ...parseLiveRoutes(raw, config.remotes),
    ...(typeof traceId === 'string' && /^[0-9a-f]{32}$/.test(traceId) ? { traceId } : {}),
    ...(typeof reportToken === 'string' && /^[\w.-]{1,2000}$/.test(reportToken) ? { reportToken } : {}),
    releases: releases && typeof releases === 'object' ? (releases as Record<string, ReleaseInUse>) : {},
    overrides: parseOverrides(raw),
  };
};

/** The validated runtime config the shell's origin serves (never baked into the build). */
export async function loadConfig(): Promise<ShellConfig> {
  return parse(await fetchConfigJson());
}

/**
 * config.json as served now, past every cache (the live releases may have changed since the page loaded). The route
 * table and the release picker ask at the same navigation: they share one request.
 */
export async function loadLatestConfig(): Promise<ShellConfig> {
  return parse(await fetchLatestConfigJson());
}
