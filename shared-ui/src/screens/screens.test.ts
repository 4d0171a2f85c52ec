import { assembleRoutes, matchScreen, screenDeclarationErrors, SHELL_PATHS } from './screens';
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
      'mf_x screen 1: access must be one of public, signedIn, admin, instructor',
      'mf_x screen 1: title is required',
    ]);
    expect(screenDeclarationErrors('mf_x', {})).toEqual(['mf_x: screens.json must be an array of screens']);
  });
});
