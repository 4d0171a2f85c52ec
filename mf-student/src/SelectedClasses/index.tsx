// Exposed as mf_student/SelectedClasses (default export, rendered inside the shell's router, store and theme).
export { SelectedClassesPage as default } from './SelectedClassesPage';
