// The shell and the four remotes: package, folder, port setting, default port, federation name. Its own module, so
// the release commands read it without loading the launcher and the services it starts.
export const FRONT_ENDS = [
  { name: 'shell', dir: 'shell', portVar: 'SHELL_PORT', port: 3000, spa: true },
  { name: 'mf-public', dir: 'mf-public', portVar: 'MF_PUBLIC_PORT', port: 3001, federation: 'mf_public' },
  { name: 'mf-student', dir: 'mf-student', portVar: 'MF_STUDENT_PORT', port: 3002, federation: 'mf_student' },
  {
    name: 'mf-instructor',
    dir: 'mf-instructor',
    portVar: 'MF_INSTRUCTOR_PORT',
    port: 3003,
    federation: 'mf_instructor',
  },
  { name: 'mf-admin', dir: 'mf-admin', portVar: 'MF_ADMIN_PORT', port: 3004, federation: 'mf_admin' },
];
