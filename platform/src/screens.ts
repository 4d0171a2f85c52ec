// The screens a remote declares (its screens.json), the rules they follow, the site's route table and the one matcher
// of every path: the browser, the page server, the release commands and the dev server all use this module.
// matchPath is a pure function (no router context), so taking it from react-router-dom itself is safe here.
import { matchPath } from 'react-router-dom';

/** The roles a dashboard menu entry can show for (the session's roles). */
export type ScreenRole = 'student' | 'instructor' | 'admin';

/**
 * Who may open a screen: anyone, any signed-in user, or signed-in users with one of some roles ('admin',
 * 'instructor', or a list such as ["instructor", "admin"]). The shell's guards and the server render decide by it
 * (`accessRedirect`), so no screen checks it again; the API still decides every call.
 */
export type ScreenAccess = 'public' | 'signedIn' | 'admin' | 'instructor' | readonly ScreenRole[];

/** What this copy of the screens format understands beyond its first version (the release guard compares them). */
export const SCREENS_FEATURES: readonly string[] = ['access-role-list'];

/** The features a remote's declarations need from the shell that runs them. */
export function screensFeaturesNeeded(screens: readonly ScreenDeclaration[]): string[] {
  return screens.some((screen) => Array.isArray(screen.access)) ? ['access-role-list'] : [];
}

/** The roles a screen admits (null: anyone, or any signed-in user). */
export function accessRoles(access: ScreenAccess): readonly ScreenRole[] | null {
  if (access === 'public' || access === 'signedIn') return null;
  return typeof access === 'string' ? [access] : access;
}

/** One key per set of roles ('admin', 'admin+instructor'): the shell's guarded areas and their route ids. */
export const accessKey = (roles: readonly ScreenRole[]): string => [...new Set(roles)].sort().join('+');

/**
 * Where a session goes instead of a screen that needs `access`: `/login` for a visitor, `/` for a user without one of
 * its roles, null to let it in, 'wait' while the session is still being resumed (docs/product.md §2).
 */
export function accessRedirect(
  access: ScreenAccess,
  session: { status: 'loading' | 'signedIn' | 'signedOut'; role: ScreenRole | null },
): '/login' | '/' | 'wait' | null {
  if (access === 'public') return null;
  if (session.status === 'loading') return 'wait';
  if (session.status === 'signedOut') return '/login';
  const roles = accessRoles(access);
  return !roles || (session.role !== null && roles.includes(session.role)) ? null : '/';
}

/**
 * One screen as a remote declares it in its `screens.json` (published with each release beside mf-manifest.json).
 * The shell and the page server assemble the site's route table from the live releases' declarations, so a team
 * adds, renames or removes a screen by promoting a release of its own remote.
 */
export interface ScreenDeclaration {
  /** react-router path pattern, e.g. '/dashboard/payment/:id'. */
  path: string;
  /** Exposed module name without './' (CONVENTIONS.md). */
  module: string;
  access: ScreenAccess;
  /** Page part of the title 'Sportify Camp || <page>'. */
  title: string;
  /** Side-menu entry of the dashboard layout, for the listed roles. */
  menu?: { label: string; roles: ScreenRole[] };
  /** API reads the screen makes first (paths; ':name' is filled from the route's params). */
  firstReads?: string[];
}

/** A declared screen with the remote (federation name) that owns it. */
export interface ScreenRoute extends ScreenDeclaration {
  remote: string;
}

export interface ScreenMatch {
  route: ScreenRoute;
  params: Record<string, string>;
}

/** The one route matcher of the site: the page server and the browser both match with it. */
export function matchScreen(routes: readonly ScreenRoute[], pathname: string): ScreenMatch | undefined {
  for (const route of routes) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: { ...(match.params as Record<string, string>) } };
  }
  return undefined;
}

const ACCESS: readonly string[] = ['public', 'signedIn', 'admin', 'instructor'];

const validAccess = (access: unknown): boolean =>
  ACCESS.includes(access as string) ||
  (Array.isArray(access) &&
    access.length > 0 &&
    access.every((role) => ROLES.includes(role)) &&
    new Set(access).size === access.length);
const ROLES: readonly ScreenRole[] = ['student', 'instructor', 'admin'];
const PATTERN = /^\/(?:[a-z0-9-]+|:[a-zA-Z]+)(?:\/(?:[a-z0-9-]+|:[a-zA-Z]+))*$|^\/$/;

/** Why a remote's declarations cannot be used (empty when they can). */
export function screenDeclarationErrors(remote: string, screens: unknown): string[] {
  if (!Array.isArray(screens)) return [`${remote}: screens.json must be an array of screens`];
  const errors: string[] = [];
  screens.forEach((screen: Partial<ScreenDeclaration> | null, index) => {
    const at = `${remote} screen ${index + 1}`;
    if (!screen || typeof screen !== 'object') return void errors.push(`${at}: not an object`);
    if (typeof screen.path !== 'string' || !PATTERN.test(screen.path))
      errors.push(`${at}: path must look like /dashboard/payment/:id`);
    if (typeof screen.module !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(screen.module))
      errors.push(`${at}: module must be the exposed module's name`);
    if (!validAccess(screen.access))
      errors.push(`${at}: access must be one of ${ACCESS.join(', ')}, or a list of roles among ${ROLES.join(', ')}`);
    if (typeof screen.title !== 'string' || !screen.title.trim()) errors.push(`${at}: title is required`);
    if (
      screen.menu !== undefined &&
      (typeof screen.menu?.label !== 'string' ||
        !Array.isArray(screen.menu.roles) ||
        !screen.menu.roles.every((role) => ROLES.includes(role)))
    )
      errors.push(`${at}: menu needs a label and roles among ${ROLES.join(', ')}`);
    if (
      screen.firstReads !== undefined &&
      (!Array.isArray(screen.firstReads) ||
        !screen.firstReads.every((read) => typeof read === 'string' && read.startsWith('/')))
    )
      errors.push(`${at}: firstReads must be API paths starting with /`);
  });
  return errors;
}

/**
 * Declared screens whose module the remote does not expose (`exposed`: module names, './' optional), e.g. from its
 * federation.config.js or its build's mf-manifest.json.
 */
export function unexposedScreenErrors(
  remote: string,
  screens: readonly ScreenDeclaration[],
  exposed: Iterable<string>,
): string[] {
  const names = new Set([...exposed].map((name) => name.replace(/^\.\//, '')));
  return screens.flatMap((screen, index) =>
    names.has(screen.module)
      ? []
      : [`${remote} screen ${index + 1} (${screen.path}) names ${screen.module}, which ${remote} does not expose`],
  );
}

/** Two patterns that some path matches both of (':x' matches any one segment). */
function patternsOverlap(a: string, b: string): boolean {
  const left = a.split('/');
  const right = b.split('/');
  return (
    left.length === right.length &&
    left.every((segment, i) => segment === right[i] || segment.startsWith(':') || right[i].startsWith(':'))
  );
}

/**
 * The site's route table from each remote's declarations, in the order given. Throws when declarations are invalid
 * or when a path of one remote collides with a path of another (or with one of `reserved`, the shell's own paths).
 */
export function assembleRoutes(
  screensByRemote: Readonly<Record<string, unknown>>,
  reserved: readonly string[] = [],
): ScreenRoute[] {
  const routes: ScreenRoute[] = [];
  const errors: string[] = [];
  for (const [remote, screens] of Object.entries(screensByRemote)) {
    const invalid = screenDeclarationErrors(remote, screens);
    if (invalid.length) {
      errors.push(...invalid);
      continue;
    }
    for (const screen of screens as ScreenDeclaration[]) {
      const clash = routes.find((route) => route.remote !== remote && patternsOverlap(route.path, screen.path));
      if (clash) errors.push(`${remote}: ${screen.path} collides with ${clash.remote}'s ${clash.path}`);
      const shell = reserved.find((path) => patternsOverlap(path, screen.path));
      if (shell) errors.push(`${remote}: ${screen.path} collides with the shell's ${shell}`);
      routes.push({ ...screen, remote });
    }
  }
  if (errors.length) throw new Error(`Screens cannot be assembled:\n${errors.join('\n')}`);
  return routes;
}

/** The shell's own screens, which no remote may declare. */
export const SHELL_PATHS: readonly string[] = ['/login', '/register'];

/** A short hash of a route table: the browser compares it to tell that the live table changed. */
export function routeTableVersion(routes: readonly ScreenRoute[]): string {
  // FNV-1a over the table's JSON: no crypto needed, identical in the browser and on Node.
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(routes)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export interface LiveRouteTable {
  routes: ScreenRoute[];
  routesVersion: string;
  /** Remotes left out, and why (the release guard keeps this empty; a hand-edited release folder may not). */
  problems: string[];
}

/**
 * The route table the site serves from each live release's declarations. Unlike `assembleRoutes` it never throws:
 * a remote whose declarations are invalid or collide with those before it is left out (its screens are Page not
 * found) and named in `problems`, so one bad release folder cannot take every other screen down.
 */
export function liveRouteTable(
  screensByRemote: Readonly<Record<string, unknown>>,
  reserved: readonly string[] = SHELL_PATHS,
): LiveRouteTable {
  const accepted: Record<string, unknown> = {};
  let routes: ScreenRoute[] = [];
  const problems: string[] = [];
  for (const [remote, screens] of Object.entries(screensByRemote)) {
    try {
      routes = assembleRoutes({ ...accepted, [remote]: screens }, reserved);
      accepted[remote] = screens;
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return { routes, routesVersion: routeTableVersion(routes), problems };
}
