import type { ApiBody } from '@sportify/shared-ui';

/** The fields an edit changes (PATCH /classes/{id}): only those, so a stale copy never overwrites a newer value. */
export type ClassChanges = ApiBody<'/classes/{id}', 'patch'> & {
  /** null removes that bound. */
  minAge?: number | null;
  maxAge?: number | null;
  /** null removes the payment plan. */
  deposit?: number | null;
  installments?: number | null;
};
