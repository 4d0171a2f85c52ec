// Exposed as mf_admin/Discounts (default export, rendered inside the shell's router, store and theme).
export { DiscountsPage as default } from './DiscountsPage';
