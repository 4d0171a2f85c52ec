// Exposed as mf_public/Classes (default export, rendered inside the shell's router, store and theme).
export { ClassesPage as default } from './ClassesPage';
