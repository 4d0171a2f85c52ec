// Exposed as mf_student/Balance (default export, rendered inside the shell's router, store and theme).
export { BalancePage as default } from './BalancePage';
