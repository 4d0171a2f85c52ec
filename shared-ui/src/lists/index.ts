export { isOwnQueryChange, useUrlQuery, type QueryChanges } from './useUrlQuery';
export { DebouncedInput, SEARCH_DEBOUNCE_MS, UrlSearchInput } from './SearchBox';
export { Pagination, pageNumbers, UrlPagination } from './Pagination';
export { ResultCount } from './ResultCount';
export { cleanParams, type Paged } from './paged';
export { FilterBar } from './FilterBar';
export { useFollowedState } from './useFollowedState';
export { ChoiceSelect } from './ChoiceSelect';
