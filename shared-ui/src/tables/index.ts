export { DASHBOARD_STACK_BELOW, DataTable, Table, TableScroll } from './Table';
export { ActionCell, CellDetail, CellText, MainCell } from './cells';
export { TruncatedId } from './TruncatedId';
