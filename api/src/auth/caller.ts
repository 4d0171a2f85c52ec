import type { Role, User } from '../users/user.model';

/** A signed-in user with no role is a student (docs/product.md §1). */
export type CallerRole = Role | 'student';

/** The authenticated caller of a request; the role comes from the database (CallerCache: user writes drop it at once). */
export interface Caller {
  email: string;
  role: CallerRole;
  /** Null until the user has registered with POST /users. */
  user: User | null;
}

export const callerRole = (user: User | null): CallerRole => user?.role ?? 'student';
