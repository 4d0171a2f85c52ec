import { NavLink, type NavLinkProps } from '@sportify/shared-ui/router';
import { useRemoteRegistry } from '../federation/RemoteRegistryContext';
import { findRemoteRoute } from './routeTable';

/** A NavLink that starts loading the target screen's remote code on hover or keyboard focus. */
export function PreloadLink({ to, onMouseEnter, onFocus, ...rest }: NavLinkProps & { to: string }) {
  const registry = useRemoteRegistry();
  const warm = () => {
    const route = findRemoteRoute(to);
    if (route) registry.preload(route.remote, route.module);
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
