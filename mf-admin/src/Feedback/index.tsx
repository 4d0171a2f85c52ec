// Exposed as mf_admin/Feedback (default export, rendered inside the shell's router, store and theme).
export { FeedbackPage as default } from './FeedbackPage';
