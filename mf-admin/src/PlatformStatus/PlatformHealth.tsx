import { judgeCanary } from '@sportify/platform/canary';
import { ListState } from '@sportify/shared-ui';
import { DASHBOARD_STACK_BELOW, DataTable } from '@sportify/shared-ui/tables';
import styled from 'styled-components';
import {
  federationOf,
  HEALTH_MINUTES,
  type AutoRollback,
  type PartStatus,
  type ReleaseHealth,
  type ReportedError,
  type TelemetryHealth,
} from './platformStatusApi';
import { useTelemetryHealthQuery } from '@sportify/shared-ui/endpoints/telemetry';
import { Muted, Section, SectionHeading, Stamp, when } from './look';

// The figures move while the screen is open: read again every half minute.
const POLL_MS = 30_000;
const RECENT_ERRORS_MAX = 10;

const Notice = styled.section`
  margin: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.dangerSurface};
  overflow-wrap: anywhere;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1.1rem;
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
  }
`;
const Held = styled(Notice)`
  border-color: ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;
const Window = styled.p`
  margin: 0 ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
`;
const Rate = styled.span<{ $bad: boolean }>`
  font-weight: 600;
  color: ${({ theme, $bad }) => ($bad ? theme.colors.danger : theme.colors.text)};
`;

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** How long ago `iso` was, in the two largest units: "3 h 5 min", "2 d 4 h". */
export function age(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (!(minutes >= 1)) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}

interface HealthRow {
  part: string;
  version: string | null;
  /** What this release is to the site now. */
  serves: string;
  /** Promoted (live) or started (canary); none for a release no longer served. */
  since: string | null;
  figures: Pick<ReleaseHealth, 'loads' | 'errorLoads' | 'clients' | 'errorClients' | 'clientErrorRate'>;
  /** A canary held for too few clients: how many it has and needs. */
  held?: { clients: number; minClients: number };
}

const NO_FIGURES = { loads: 0, errorLoads: 0, clients: 0, errorClients: 0, clientErrorRate: 0 };

/**
 * Per part: its live release, its canary (when one runs) and any other release still reported in the window (a
 * release rolled back, open tabs), each with its figures.
 */
export function healthRows(parts: PartStatus[], health: TelemetryHealth): HealthRow[] {
  const rows: HealthRow[] = [];
  for (const status of parts) {
    const reported = health.releases.filter((r) => r.remote === federationOf(status.part));
    const figuresOf = (version: string | null) => reported.find((r) => r.version === version) ?? NO_FIGURES;
    const live = status.live?.version ?? null;
    rows.push({
      part: status.part,
      version: live,
      serves: 'Live',
      since: status.live?.promotedAt ?? null,
      figures: figuresOf(live),
    });
    if (status.canary) {
      // The page servers' rule on these figures: below its minimum of distinct clients a canary is held.
      const verdict = judgeCanary(status.canary, live, federationOf(status.part), reported);
      rows.push({
        part: status.part,
        version: status.canary.version,
        serves: `Canary, ${status.canary.percent}% of browsers`,
        since: status.canary.startedAt,
        figures: figuresOf(status.canary.version),
        ...(verdict.decision === 'hold'
          ? { held: { clients: verdict.figures.canary.clients, minClients: verdict.minClients } }
          : {}),
      });
    }
    for (const r of reported) {
      if (r.version === live || r.version === status.canary?.version) continue;
      const serves = r.version ? 'Not served now' : 'Override or build';
      rows.push({ part: status.part, version: r.version, serves, since: null, figures: r });
    }
  }
  return rows;
}

interface ErrorRow extends ReportedError {
  part: string;
  version: string | null;
}

function recentErrors(parts: PartStatus[], health: TelemetryHealth): ErrorRow[] {
  const partOf = new Map(parts.map((p) => [federationOf(p.part), p.part]));
  return health.releases
    .flatMap((r) => r.lastErrors.map((e) => ({ ...e, part: partOf.get(r.remote) ?? r.remote, version: r.version })))
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, RECENT_ERRORS_MAX);
}

const Version = ({ version }: { version: string | null }) =>
  version ? (
    <span title={version} data-word>
      {version}
    </span>
  ) : (
    <Muted>Unversioned build</Muted>
  );

/** A rollback recorded before canaries were judged by clients: its figures are page loads. */
interface LoadsRollback {
  version: string;
  at: string;
  margin: number;
  minLoads: number;
  figures: Record<'canary' | 'live', { loads: number; errorRate: number }>;
}

function rollbackText(part: string, r: AutoRollback | LoadsRollback): string {
  const start = `${part}: the canary ${r.version} was rolled back automatically on ${when(r.at)}. Its error rate was `;
  if (!('minClients' in r)) {
    const { canary, live } = r.figures;
    return (
      start +
      `${percent(canary.errorRate)} over ${canary.loads} page loads, against ${percent(live.errorRate)} over ` +
      `${live.loads} for the live release (allowed margin ${percent(r.margin)}, from ${r.minLoads} page loads).`
    );
  }
  const { canary, live } = r.figures;
  return (
    start +
    `${percent(canary.clientErrorRate)} of ${canary.clients} clients, against ${percent(live.clientErrorRate)} of ` +
    `${live.clients} for the live release (allowed margin ${percent(r.margin)}, from ${r.minClients} clients).`
  );
}

const heldText = (row: HealthRow & { held: NonNullable<HealthRow['held']> }): string =>
  `${row.part}: the canary ${row.version} is held: ${row.held.clients} distinct clients have reported it, fewer ` +
  `than the ${row.held.minClients} it needs before it is judged. It is not rolled back automatically until then.`;

/**
 * The health part of Platform Status: automatic rollbacks, then page loads and error rate per release over the last
 * hour (reported by browsers and page servers, summed by the API), then the newest errors with phase and route.
 */
export function PlatformHealth({ parts }: { parts: PartStatus[] }) {
  const query = useTelemetryHealthQuery({ minutes: HEALTH_MINUTES }, { pollingInterval: POLL_MS });
  const rollbacks = parts.filter((p) => p.lastAutoRollback);
  const rows = query.data ? healthRows(parts, query.data) : undefined;
  const held = (rows ?? []).filter((row): row is HealthRow & { held: NonNullable<HealthRow['held']> } => !!row.held);
  const errors = query.data ? recentErrors(parts, query.data) : [];
  // Ages as of the figures' time (read again every half minute), not of this render.
  const now = query.data ? Date.parse(query.data.until) : 0;
  return (
    <>
      {rollbacks.length ? (
        <Notice aria-labelledby="auto-rollbacks-heading">
          <h2 id="auto-rollbacks-heading">Automatic rollbacks</h2>
          <ul>
            {rollbacks.map((p) => (
              <li key={p.part}>{rollbackText(p.part, p.lastAutoRollback!)}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {held.length ? (
        <Held aria-labelledby="canary-holds-heading">
          <h2 id="canary-holds-heading">Canaries on hold</h2>
          <ul>
            {held.map((row) => (
              <li key={row.part}>{heldText(row)}</li>
            ))}
          </ul>
        </Held>
      ) : null}
      <Section aria-labelledby="release-health-heading">
        <SectionHeading id="release-health-heading">Health in the last hour</SectionHeading>
        <ListState
          query={{ ...query, data: rows }}
          loadingLabel="Loading the health figures"
          errorText="The health figures could not be loaded."
          emptyText="No parts are configured."
        >
          {(items) => (
            <>
              <Window>
                Page loads and errors reported from <Stamp>{when(query.data!.since)}</Stamp> to{' '}
                <Stamp>{when(query.data!.until)}</Stamp>, by browsers and page servers. A client is a network; the error
                rate is the share of clients with an error, as canaries are judged.
              </Window>
              <DataTable
                labelledBy="release-health-heading"
                columns={['Part', 'Release', 'Serves', 'Age', 'Page loads', 'Clients', 'Error rate']}
                stackBelow={DASHBOARD_STACK_BELOW}
              >
                {items.map((row) => (
                  <tr key={`${row.part} ${row.version}`}>
                    <th scope="row" data-label="Part">
                      <Stamp>{row.part}</Stamp>
                    </th>
                    <td data-label="Release">
                      <Version version={row.version} />
                    </td>
                    <td data-label="Serves">
                      {row.serves}
                      {row.held ? (
                        <div>
                          <Muted>
                            Held: {row.held.clients} of {row.held.minClients} clients
                          </Muted>
                        </div>
                      ) : null}
                    </td>
                    <td data-label="Age">
                      {row.since ? (
                        <time dateTime={row.since} title={when(row.since)}>
                          {age(row.since, now)}
                        </time>
                      ) : (
                        <Muted>Not known</Muted>
                      )}
                    </td>
                    <td data-label="Page loads">
                      {row.figures.loads}
                      <div>
                        <Muted>{row.figures.errorLoads} with errors</Muted>
                      </div>
                    </td>
                    <td data-label="Clients">{row.figures.clients}</td>
                    <td data-label="Error rate">
                      <Rate $bad={row.figures.errorClients > 0}>{percent(row.figures.clientErrorRate)}</Rate>
                      <div>
                        <Muted>{row.figures.errorClients} with errors</Muted>
                      </div>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </>
          )}
        </ListState>
      </Section>
      {query.data ? (
        <Section aria-labelledby="recent-errors-heading">
          <SectionHeading id="recent-errors-heading">Recent errors</SectionHeading>
          {errors.length ? (
            // Six columns of long words fit no dashboard: each error is a card.
            <DataTable
              labelledBy="recent-errors-heading"
              columns={['Time', 'Part', 'Release', 'Phase', 'Route', 'Message']}
              stackBelow="always"
            >
              {errors.map((e, i) => (
                <tr key={`${i} ${e.traceId}`}>
                  <td data-label="Time">
                    <time dateTime={e.at}>
                      <Stamp>{when(e.at)}</Stamp>
                    </time>
                  </td>
                  <td data-label="Part">
                    <Stamp>{e.part}</Stamp>
                  </td>
                  <td data-label="Release">
                    <Version version={e.version} />
                  </td>
                  <td data-label="Phase">
                    <Stamp>{e.phase}</Stamp>
                  </td>
                  <td data-label="Route">
                    <span title={e.route} data-word>
                      {e.route}
                    </span>
                  </td>
                  <td data-label="Message">
                    {e.message ? (
                      <span title={e.message} data-word>
                        {e.message}
                      </span>
                    ) : (
                      <Muted>None</Muted>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          ) : (
            <Window>No errors reported in the last hour.</Window>
          )}
        </Section>
      ) : null}
    </>
  );
}
