// Exposed as mf_instructor/Roster (default export, rendered inside the shell's router, store and theme).
export { RosterPage as default } from './RosterPage';
