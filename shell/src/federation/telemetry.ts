import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ScreenRoute } from '@sportify/platform/screens';
import type { ShellConfig } from '../config/loadConfig';

/** Where a remote failed: its manifest, its remoteEntry.js, the exposed module, its render, or the server's render. */
export type FailurePhase = 'manifest' | 'entry' | 'expose' | 'render' | 'server-render';

/** The release of a part the page uses (config.releases). */
export interface ReleaseInUse {
  version: string | null;
  channel: 'live' | 'canary' | 'override' | 'build';
}

/** What happened, where the page was: the sender adds the release, the route pattern and the trace id. */
export interface Observed {
  kind: 'load' | 'error';
  remote: string;
  phase?: FailurePhase;
  error?: unknown;
  /** The concrete path at that moment: only its route pattern leaves the page. */
  path: string;
  /** The remote's release when it is not the one the page started with (see `moved`). */
  release?: ReleaseInUse;
}

export interface Telemetry {
  /** The `load` event of a remote, once per page load, at its first ask. */
  asked(remote: string): void;
  failed(remote: string, phase: FailurePhase, error: unknown): void;
  /** A render error caught by a remote's error boundary (a failed load it shows is reported already). */
  renderFailed(remote: string, error: unknown): void;
  /** A remote first used after a promote (or a canary's start) loads the release config.json names now. */
  moved(remote: string, release: ReleaseInUse | undefined): void;
  /** The federation runtime's hooks that report each remote's first ask and every failed load with its phase. */
  plugin(): ModuleFederationRuntimePlugin;
}

/** What the page observes of its remotes, handed to `deliver` (the sender); never throws. */
export function createTelemetry(deliver: (event: Observed) => void, path = () => window.location.pathname): Telemetry {
  const asked = new Set<string>();
  const movedTo = new Map<string, ReleaseInUse>();
  // Errors the runtime's hooks reported, so the error boundary that shows them does not report them again.
  const reported = new WeakSet<object>();
  const observe = (event: Omit<Observed, 'path'>) => {
    try {
      const release = movedTo.get(event.remote);
      deliver({ ...event, path: path(), ...(release ? { release } : {}) });
    } catch {
      // Reporting never breaks the page.
    }
  };
  const failed = (remote: string, phase: FailurePhase, error: unknown) => {
    if (error && typeof error === 'object') {
      if (reported.has(error)) return;
      reported.add(error);
    }
    observe({ kind: 'error', remote, phase, error });
  };

  const telemetry: Telemetry = {
    asked(remote) {
      if (asked.has(remote)) return;
      asked.add(remote);
      observe({ kind: 'load', remote });
    },
    failed,
    renderFailed: (remote, error) => failed(remote, 'render', error),
    moved(remote, release) {
      if (release) movedTo.set(remote, release);
    },
    plugin() {
      // The phase a remote's load is failing in, learnt from the hook that saw it, until loadRemote gives up.
      const failing = new Map<string, FailurePhase>();
      return {
        name: 'sportify-telemetry',
        beforeRequest(args) {
          telemetry.asked(args.id.split('/')[0]);
          return args;
        },
        afterLoadEntry({ remoteInfo, error, recovered }) {
          if (error && !recovered) failing.set(remoteInfo.name, 'entry');
          else failing.delete(remoteInfo.name);
        },
        errorLoadRemote({ id, lifecycle, error, remote }) {
          const name = remote?.name ?? String(id).split('/')[0];
          if (lifecycle === 'afterResolve') failing.set(name, 'manifest');
          if (lifecycle !== 'onLoad') return undefined;
          failed(name, failing.get(name) ?? 'expose', error);
          failing.delete(name);
          // Nothing instead: the error reaches the remote's error boundary, which shows its panel with Retry.
          return undefined;
        },
      };
    },
  };
  return telemetry;
}

/**
 * The page's reporter. What it observes waits here until the sender (batching, sendBeacon) has loaded: a chunk of
 * its own, asked for with the first event, so the first view's scripts do not grow.
 */
export function startPageTelemetry(config: ShellConfig, routes: () => readonly ScreenRoute[]): Telemetry {
  const waiting: Observed[] = [];
  let deliver: ((event: Observed) => void) | undefined;
  let loading: Promise<void> | undefined;
  return createTelemetry((event) => {
    if (deliver) return deliver(event);
    waiting.push(event);
    loading ??= import(/* webpackChunkName: "telemetry" */ './telemetrySender').then(
      ({ startPageSender }) => {
        deliver = startPageSender(config, routes).push;
        waiting.splice(0).forEach(deliver);
      },
      () => void waiting.splice(0),
    );
  });
}
