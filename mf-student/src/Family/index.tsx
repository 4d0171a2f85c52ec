// Exposed as mf_student/Family (default export, rendered inside the shell's router, store and theme).
export { FamilyPage as default } from './FamilyPage';
