// Exposed as mf_admin/PlatformStatus (default export, rendered inside the shell's router, store and theme).
export { PlatformStatusPage as default } from './PlatformStatusPage';
