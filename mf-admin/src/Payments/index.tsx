// Exposed as mf_admin/Payments (default export, rendered inside the shell's router, store and theme).
export { PaymentsPage as default } from './PaymentsPage';
