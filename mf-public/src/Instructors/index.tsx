// Exposed as mf_public/Instructors (default export, rendered inside the shell's router, store and theme).
export { InstructorsPage as default } from './InstructorsPage';
