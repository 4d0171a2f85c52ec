// Exposed as mf_public/Home (default export, rendered inside the shell's router, store and theme).
export { HomePage as default } from './HomePage';
