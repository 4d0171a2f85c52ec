/** One page of a list as the API answers any list call with parameters. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** Query params without empty values (the API refuses e.g. `minPrice=`). */
export const cleanParams = (params: Record<string, string | number | undefined>): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;
