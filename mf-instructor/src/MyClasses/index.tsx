// Exposed as mf_instructor/MyClasses (default export, rendered inside the shell's router, store and theme).
export { MyClassesPage as default } from './MyClassesPage';
