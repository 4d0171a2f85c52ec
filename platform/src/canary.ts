// How a canary is judged from the API's health figures (GET /telemetry/health): by clients, not by page loads. The
// page servers' automatic rollback decides with it, and Platform Status shows what it says.

/** One release's figures: page loads, and the distinct clients (networks) that reported it. */
export interface HealthFigures {
  loads: number;
  errorLoads: number;
  /** Distinct clients with a counted report of this release. */
  clients: number;
  /** Distinct clients with at least one counted error of this release. */
  errorClients: number;
  /** errorClients / clients (0 without clients): the rate a canary is judged by. */
  clientErrorRate: number;
}

/** A release's row in GET /telemetry/health (older rows may lack the client figures). */
export type ReleaseFigures = { remote: string; version: string | null } & Partial<HealthFigures>;

/** What a canary is judged against: its margin over live, and the clients it needs before any decision. */
export interface CanaryRule {
  version: string;
  margin: number;
  minClients?: number;
  /** The name of `minClients` in registries written before canaries were judged by clients. */
  minLoads?: number;
}

export const DEFAULT_MIN_CLIENTS = 20;
export const DEFAULT_MARGIN = 0.05;

/** The minimum of distinct clients of a canary (its own, else the default). */
export const minClientsOf = (rule: Pick<CanaryRule, 'minClients' | 'minLoads'>): number =>
  rule.minClients ?? rule.minLoads ?? DEFAULT_MIN_CLIENTS;

/** `hold`: too few clients to say; `keep`: not worse than live beyond its margin; `rollback`: worse. */
export type CanaryDecision = 'hold' | 'keep' | 'rollback';

export interface Verdict {
  decision: CanaryDecision;
  rollback: boolean;
  minClients: number;
  figures: { canary: HealthFigures; live: HealthFigures };
}

const NONE: HealthFigures = { loads: 0, errorLoads: 0, clients: 0, errorClients: 0, clientErrorRate: 0 };

const rate = (errors: number, clients: number): number => (clients > 0 ? Math.min(errors / clients, 1) : 0);

/**
 * The canary against live, by distinct clients: held below its minimum of clients; rolled back only when its error
 * rate exceeds live's by more than its margin even with any one client left out (one erring client taken from the
 * canary, one clean one from live), so no single client, however often it reports, decides a rollback.
 */
export function judgeCanary(
  canary: CanaryRule,
  liveVersion: string | null,
  federation: string,
  releases: ReleaseFigures[],
): Verdict {
  const of = (version: string | null): HealthFigures => {
    const found = releases.find((r) => r.remote === federation && r.version === version);
    if (!found) return NONE;
    const clients = found.clients ?? 0;
    const errorClients = found.errorClients ?? 0;
    return {
      loads: found.loads ?? 0,
      errorLoads: found.errorLoads ?? 0,
      clients,
      errorClients,
      clientErrorRate: rate(errorClients, clients),
    };
  };
  const figures = { canary: of(canary.version), live: of(liveVersion) };
  const minClients = minClientsOf(canary);
  if (figures.canary.clients < minClients) return { decision: 'hold', rollback: false, minClients, figures };
  const { canary: c, live: l } = figures;
  const canaryWithoutOne = c.errorClients > 0 ? rate(c.errorClients - 1, c.clients - 1) : c.clientErrorRate;
  const liveWithoutOne = l.clients - l.errorClients > 0 ? rate(l.errorClients, l.clients - 1) : l.clientErrorRate;
  const decision = canaryWithoutOne - liveWithoutOne > canary.margin ? 'rollback' : 'keep';
  return { decision, rollback: decision === 'rollback', minClients, figures };
}

/** Minutes of health a canary is judged over: since it started, at least 1, at most 60. */
export const canaryWindowMinutes = (startedAt: string, now = Date.now()): number =>
  Math.min(60, Math.max(1, Math.ceil((now - Date.parse(startedAt)) / 60_000) || 1));
