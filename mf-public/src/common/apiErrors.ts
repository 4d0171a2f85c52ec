import type { ApiError } from '@sportify/shared-ui';

/** The API's own message (`{ statusCode, message, error }`), which is written for users; undefined if none. */
export function apiMessage(error: unknown): string | undefined {
  const data = (error as Partial<ApiError> | undefined)?.data;
  if (!data || typeof data !== 'object' || !('message' in data)) return undefined;
  const { message } = data as { message: unknown };
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length) return message.join(' ');
  return undefined;
}

/** A readable sentence for a list that failed to load; `what` starts the sentence ('Popular classes'). */
export function loadErrorText(what: string, error: unknown): string {
  if ((error as Partial<ApiError> | undefined)?.status === 'FETCH_ERROR') {
    return `${what} could not be loaded: the server did not answer. Check your connection and try again.`;
  }
  const reason = apiMessage(error);
  return reason ? `${what} could not be loaded: ${reason}` : `${what} could not be loaded. Please try again.`;
}
