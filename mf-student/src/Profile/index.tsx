// Exposed as mf_student/Profile (default export, rendered inside the shell's router, store and theme).
export { ProfilePage as default } from './ProfilePage';
