import { ListState, PageHeading } from '@sportify/shared-ui';
import { DASHBOARD_STACK_BELOW, DataTable } from '@sportify/shared-ui/tables';
import styled from 'styled-components';
import { Muted, Stamp, when } from './look';
import { PlatformHealth } from './PlatformHealth';
import { useGetPlatformStatusQuery, type PartStatus, type ReleaseSummary } from './platformStatusApi';

const Health = styled.span<{ $ok: boolean }>`
  font-weight: 600;
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
`;

function Release({ release, none }: { release: ReleaseSummary | null; none: string }) {
  if (!release) return <Muted>{none}</Muted>;
  return (
    <>
      <div title={release.version} data-word>
        {release.version}
      </div>
      <Muted>
        commit {release.commit ?? 'unknown'}
        {release.builtAt ? (
          <>
            , built <Stamp>{when(release.builtAt)}</Stamp>
          </>
        ) : null}
      </Muted>
    </>
  );
}

function Row({ status }: { status: PartStatus }) {
  return (
    <tr>
      <th scope="row" data-label="Part">
        <Stamp>{status.part}</Stamp>
      </th>
      <td data-label="Live release">
        <Release release={status.live} none="Unversioned build (no release promoted)" />
      </td>
      <td data-label="Previous release">
        <Release release={status.previous} none="None" />
      </td>
      <td data-label="Manifest">
        {status.manifest ? (
          <Health $ok={status.manifest.reachable} title={status.manifest.url}>
            {status.manifest.detail}
          </Health>
        ) : (
          <Muted>Not a remote</Muted>
        )}
      </td>
    </tr>
  );
}

/**
 * Platform Status: each part's live release, the one before it and whether its manifest answers now, then how each
 * release does (PlatformHealth). Read-only; ops change releases with `npm run promote` / `npm run rollback`
 * (docs/operations.md, "Operating the remotes").
 */
export function PlatformStatusPage() {
  const query = useGetPlatformStatusQuery();
  return (
    <section aria-labelledby="platform-status-heading">
      <PageHeading id="platform-status-heading">Platform Status</PageHeading>
      <ListState
        query={query}
        loadingLabel="Loading the platform status"
        errorText="The platform status could not be loaded."
        emptyText="No parts are configured."
      >
        {(parts) => (
          <>
            <DataTable
              labelledBy="platform-status-heading"
              stackBelow={DASHBOARD_STACK_BELOW}
              columns={['Part', 'Live release', 'Previous release', 'Manifest']}
            >
              {parts.map((status) => (
                <Row key={status.part} status={status} />
              ))}
            </DataTable>
            <PlatformHealth parts={parts} />
          </>
        )}
      </ListState>
    </section>
  );
}
