// Exposed as mf_admin/ManageUsers (default export, rendered inside the shell's router, store and theme).
export { ManageUsersPage as default } from './ManageUsersPage';
