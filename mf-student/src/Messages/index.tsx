// Exposed as mf_student/Messages (default export, rendered inside the shell's router, store and theme).
export { MessagesPage as default } from './MessagesPage';
