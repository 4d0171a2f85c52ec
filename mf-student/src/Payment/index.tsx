// Exposed as mf_student/Payment (default export, rendered inside the shell's router, store and theme).
export { PaymentPage as default } from './PaymentPage';
