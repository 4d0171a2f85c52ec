// Exposed as mf_instructor/UpdateClass (default export, rendered inside the shell's router, store and theme).
export { UpdateClassPage as default } from './UpdateClassPage';
