// Exposed as mf_instructor/AddClass (default export, rendered inside the shell's router, store and theme).
export { AddClassPage as default } from './AddClassPage';
