// '@sportify/shared-ui/tables': the dashboard screens' table scaffold. Outside the package's main entry (the shared
// singleton every page loads first), so the public first view does not carry it; its parts come from that entry.
export { PagedTable, type PagedTableProps } from './lists/PagedTable';
export { ChoiceSelect } from './lists/ChoiceSelect';
