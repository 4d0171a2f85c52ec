// Exposed as mf_student/Account (default export, rendered inside the shell's router, store and theme).
export { AccountPage as default } from './AccountPage';
