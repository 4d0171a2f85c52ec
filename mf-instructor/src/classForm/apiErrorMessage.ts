import type { ApiError } from '@sportify/shared-ui';

/**
 * The text to show for a failed save: the API's own readable `message` (it always sends one, e.g. a validation
 * or ownership refusal), or a plain sentence when the server could not be reached.
 */
export function apiErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  const { status, data } = (error ?? {}) as Partial<ApiError>;
  if (status === 'FETCH_ERROR') return 'The server could not be reached. Please check your connection and try again.';
  const message = (data as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length) return message.join('. ');
  return fallback;
}
