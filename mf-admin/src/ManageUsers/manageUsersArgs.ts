import type { Role } from '@sportify/shared-ui';

export const USERS_PER_PAGE = 20;
/** The role filter's values ('student' = no role; 'all' asks for every user). */
export type RoleFilter = 'student' | Role | 'all';
/** The order of the list (GET /users' `sort`). */
export type UserSort = 'newest' | 'oldest' | 'name';

/** Parameters of GET /users (its paged form). */
export interface UsersQuery {
  q?: string;
  role: RoleFilter;
  sort: UserSort;
  page: number;
}

/** GET /users' paged form (the users module; 'all' asks for every role). */
export const usersArgs = ({ q, role, sort, page }: UsersQuery) => ({
  limit: USERS_PER_PAGE,
  q,
  role: role === 'all' ? undefined : role,
  sort,
  page: page > 1 ? page : undefined,
});
