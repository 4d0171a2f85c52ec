// Exposed as mf_admin/ManageClasses (default export, rendered inside the shell's router, store and theme).
export { ManageClassesPage as default } from './ManageClassesPage';
