export const EVENT_KINDS = ['load', 'error'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
export const CHANNELS = ['live', 'canary', 'override', 'build'] as const;
export type Channel = (typeof CHANNELS)[number];
export const PHASES = ['manifest', 'entry', 'expose', 'render', 'server-render'] as const;
export type Phase = (typeof PHASES)[number];

/** Reports and figures are kept this long (the health window is at most a day). */
export const TELEMETRY_RETENTION_SECONDS = 2 * 86400;
export const HEALTH_MINUTES_MAX = 1440;
export const LAST_ERRORS_MAX = 5;
/** Errors of one part counted per page token at most (a page in an error loop, or a replayed token, adds no more). */
export const ERRORS_PER_PAGE = 3;

/** One page load's report about one part (a remote or the shell), as the browser or the page server sends it. */
export interface TelemetryEvent {
  kind: EventKind;
  remote: string;
  version: string | null;
  channel: Channel;
  route: string;
  traceId: string;
  phase?: Phase;
  message?: string;
  /** The event's own page token (else the batch's). */
  token?: string;
}

/** A client of a release that a batch counted a report of (and whether an error). */
export interface ClientMark {
  remote: string;
  version: string | null;
  client: string;
  erred: boolean;
}

/** What a batch adds to one release's figures through one channel in one minute (summed by every replica). */
export interface CountDelta {
  remote: string;
  version: string | null;
  channel: Channel;
  minute: Date;
  loads: number;
  errors: number;
  errorLoads: number;
  lastErrorAt: Date | null;
}

/** One error as stored: no address, no account, the message redacted. */
export interface ErrorReport {
  at: Date;
  remote: string;
  version: string | null;
  channel: Channel;
  route: string;
  phase: Phase;
  traceId: string;
  message?: string;
}

export interface LastError {
  at: Date;
  phase: Phase;
  route: string;
  message?: string;
  traceId: string;
  channel: Channel;
}

export interface ReleaseHealth {
  remote: string;
  version: string | null;
  loads: number;
  /** Distinct page loads (trace ids) with at least one error of this release. */
  errorLoads: number;
  errors: number;
  /** errorLoads / max(loads, 1), at most 1. */
  errorRate: number;
  /** Distinct clients (networks, as the page tokens name them) with a counted report of this release. */
  clients: number;
  /** Distinct clients with at least one counted error of this release. */
  errorClients: number;
  /** errorClients / max(clients, 1), at most 1: the rate a canary is judged by. */
  clientErrorRate: number;
  lastErrorAt: Date | null;
  /** Newest first. */
  lastErrors: LastError[];
}

export interface Health {
  since: Date;
  until: Date;
  releases: ReleaseHealth[];
}
