import { NavLink, type NavLinkProps } from '@sportify/shared-ui/router';
import { useRemoteRegistry } from '../federation/RemoteRegistryContext';
import { matchScreen } from '@sportify/platform/screens';
import { useRouteTable } from './liveRoutes';

/** A NavLink that starts loading the target screen's remote code on hover or keyboard focus. */
export function PreloadLink({ to, onMouseEnter, onFocus, ...rest }: NavLinkProps & { to: string }) {
  const registry = useRemoteRegistry();
  const table = useRouteTable();
  const warm = () => {
    const match = matchScreen(table.current().routes, new URL(to, window.location.href).pathname);
    if (match) registry.preload(match.route.remote, match.route.module);
  };
  return (
    <NavLink
      to={to}
      onMouseEnter={(event) => {
        warm();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        warm();
        onFocus?.(event);
      }}
      {...rest}
    />
  );
}
