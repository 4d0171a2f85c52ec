import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { screensJsonProblems } from './screensJson';
import {
  assembleRoutes,
  liveRouteTable,
  matchScreen,
  routeTableVersion,
  screenDeclarationErrors,
  SHELL_PATHS,
  unexposedScreenErrors,
} from '@sportify/platform/screens';
const publicScreens = [
  { path: '/', module: 'Home', access: 'public', title: 'Home' },
  { path: '/classes', module: 'Classes', access: 'public', title: 'Classes', firstReads: ['/classes?limit=24'] },
];
const studentScreens = [
  {
    path: '/dashboard/selected-classes',
    module: 'SelectedClasses',
    access: 'signedIn',
    title: 'My Selected Classes',
    menu: { label: 'My Selected Classes', roles: ['student'] },
  },
  { path: '/dashboard/payment/:id', module: 'Payment', access: 'signedIn', title: 'Payment' },
];
const instructorScreens = [
  { path: '/dashboard/my-classes', module: 'MyClasses', access: 'instructor', title: 'My Classes' },
];
const adminScreens = [{ path: '/dashboard/feedback/:id', module: 'Feedback', access: 'admin', title: 'Feedback' }];

const declared = {
  mf_public: publicScreens,
  mf_student: studentScreens,
  mf_instructor: instructorScreens,
  mf_admin: adminScreens,
};

describe('screens', () => {
  it('assembles the four remotes declarations into one table', () => {
    const routes = assembleRoutes(declared, SHELL_PATHS);
    expect(routes.map((route) => `${route.remote} ${route.path}`)).toContain('mf_student /dashboard/payment/:id');
    expect(routes).toHaveLength(
      publicScreens.length + studentScreens.length + instructorScreens.length + adminScreens.length,
    );
  });

  it('matches a pattern with params, and nothing else', () => {
    const routes = assembleRoutes(declared, SHELL_PATHS);
    expect(matchScreen(routes, '/dashboard/payment/42')).toMatchObject({
      route: { remote: 'mf_student', module: 'Payment' },
      params: { id: '42' },
    });
    expect(matchScreen(routes, '/classes/')?.route.module).toBe('Classes');
    expect(matchScreen(routes, '/dashboard/payment')).toBeUndefined();
    expect(matchScreen(routes, '/nowhere')).toBeUndefined();
  });

  it('refuses a path that collides with another remote or the shell', () => {
    const clash = { path: '/dashboard/payment/new', module: 'Other', access: 'admin', title: 'Other' };
    expect(() => assembleRoutes({ ...declared, mf_admin: [...adminScreens, clash] })).toThrow(
      "mf_admin: /dashboard/payment/new collides with mf_student's /dashboard/payment/:id",
    );
    const login = { path: '/login', module: 'Login', access: 'public', title: 'Login' };
    expect(() => assembleRoutes({ mf_public: [login] }, SHELL_PATHS)).toThrow("collides with the shell's /login");
  });

  it('says what is wrong with a declaration', () => {
    expect(screenDeclarationErrors('mf_x', [{ path: 'nope', module: './X', access: 'root', title: '' }])).toEqual([
      'mf_x screen 1: path must look like /dashboard/payment/:id',
      "mf_x screen 1: module must be the exposed module's name",
      'mf_x screen 1: access must be one of public, signedIn, admin, instructor, or a list of roles among student, instructor, admin',
      'mf_x screen 1: title is required',
    ]);
    expect(screenDeclarationErrors('mf_x', {})).toEqual(['mf_x: screens.json must be an array of screens']);
  });

  it('takes a list of roles as access ("instructor or admin"), and no empty, unknown or repeated role', () => {
    const screen = (access: unknown) => [{ path: '/dashboard/roster/:id', module: 'Roster', access, title: 'Roster' }];
    expect(screenDeclarationErrors('mf_x', screen(['instructor', 'admin']))).toEqual([]);
    for (const access of [[], ['coach'], ['admin', 'admin'], 'instructor,admin'])
      expect(screenDeclarationErrors('mf_x', screen(access))).toEqual([
        'mf_x screen 1: access must be one of public, signedIn, admin, instructor, or a list of roles among student, instructor, admin',
      ]);
  });

  it('names a declared screen whose module the remote does not expose', () => {
    expect(unexposedScreenErrors('mf_public', publicScreens as never, ['./Home', 'Instructors'])).toEqual([
      'mf_public screen 2 (/classes) names Classes, which mf_public does not expose',
    ]);
  });

  it("checks a remote's screens.json against its federation.config.js", () => {
    const pkg = mkdtempSync(path.join(os.tmpdir(), 'screens-json-'));
    try {
      writeFileSync(
        path.join(pkg, 'federation.config.js'),
        "module.exports = { name: 'mf_x', exposes: { './Home': './src/Home' } };",
      );
      mkdirSync(path.join(pkg, 'src'));
      writeFileSync(path.join(pkg, 'src/screens.json'), JSON.stringify(publicScreens));
      expect(screensJsonProblems(pkg)).toEqual(['mf_x screen 2 (/classes) names Classes, which mf_x does not expose']);
      writeFileSync(path.join(pkg, 'src/screens.json'), JSON.stringify([{ ...publicScreens[0], title: ' ' }]));
      expect(screensJsonProblems(pkg)).toEqual(['mf_x screen 1: title is required']);
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  });

  it('serves every remote it can: one whose screens collide or are invalid is left out and named', () => {
    const clash = { path: '/dashboard/payment/:paymentId', module: 'Other', access: 'admin', title: 'Other' };
    const live = liveRouteTable({ ...declared, mf_admin: [clash], mf_broken: {} });
    expect(live.routes.map((route) => route.remote)).not.toContain('mf_admin');
    expect(live.routes).toEqual(
      assembleRoutes({ mf_public: publicScreens, mf_student: studentScreens, mf_instructor: instructorScreens }),
    );
    expect(live.problems).toEqual([
      "Screens cannot be assembled:\nmf_admin: /dashboard/payment/:paymentId collides with mf_student's /dashboard/payment/:id",
      'Screens cannot be assembled:\nmf_broken: screens.json must be an array of screens',
    ]);
    expect(live.routesVersion).toBe(routeTableVersion(live.routes));
  });

  it('gives a table another version when a screen changes, and the same one for the same table', () => {
    const routes = assembleRoutes(declared);
    expect(routeTableVersion(assembleRoutes(declared))).toBe(routeTableVersion(routes));
    const renamed = { ...declared, mf_admin: [{ ...adminScreens[0], title: 'Feedback for a class' }] };
    expect(routeTableVersion(assembleRoutes(renamed))).not.toBe(routeTableVersion(routes));
    expect(routeTableVersion(routes)).toMatch(/^[0-9a-z]{1,7}$/);
  });
});
