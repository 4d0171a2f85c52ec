// Exposed as mf_student/EnrolledClasses (default export, rendered inside the shell's router, store and theme).
export { EnrolledClassesPage as default } from './EnrolledClassesPage';
