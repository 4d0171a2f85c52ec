// Exposed as mf_admin/Waivers (default export, rendered inside the shell's router, store and theme).
export { WaiversPage as default } from './WaiversPage';
