// @sportify/shared-ui/tables: the dashboard's tables and their cells. Not shared at run time: a package bundles them
// with the screens that show a table, so no first view carries them (Home has none).
export { DASHBOARD_STACK_BELOW, DataTable, Table, TableScroll } from './Table';
export { ActionCell, CellDetail, CellText, MainCell } from './cells';
export { TruncatedId } from './TruncatedId';
export { PagedTable, type PagedTableProps } from './PagedTable';
