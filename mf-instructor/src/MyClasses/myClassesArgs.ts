import type { ClassStatus } from '@sportify/shared-ui';

export const MY_CLASSES_PER_PAGE = 20;

/** GET /classes/user/{email} in its paged form (the classes module), optionally one status. */
export const myClassesArgs = ({ email, status, page }: { email: string; status?: ClassStatus; page: number }) => ({
  email,
  status,
  page: page > 1 ? page : undefined,
  limit: MY_CLASSES_PER_PAGE,
});
