import type { ApiError } from './axiosBaseQuery';

/** The API's own message (`{ statusCode, message, error }`, written for users); undefined when there is none. */
export function apiMessage(error: unknown): string | undefined {
  const data = (error as Partial<ApiError> | undefined)?.data;
  if (!data || typeof data !== 'object' || !('message' in data)) return undefined;
  const { message } = data as { message: unknown };
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length) return message.join(' ');
  return undefined;
}

export const UNREACHABLE_TEXT = 'The server could not be reached. Please check your connection and try again.';

/**
 * The text to show for a failed call: the API's readable message (e.g. 'This class is sold out; your payment has
 * been refunded'), a plain sentence when the server did not answer, else the caller's fallback.
 */
export function apiErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (apiStatus(error) === 'FETCH_ERROR') return UNREACHABLE_TEXT;
  return apiMessage(error) ?? fallback;
}

/** A readable sentence for a list that failed to load; `what` starts it ('Popular classes'). */
export function loadErrorText(what: string, error: unknown): string {
  if (apiStatus(error) === 'FETCH_ERROR') {
    return `${what} could not be loaded: the server did not answer. Check your connection and try again.`;
  }
  const reason = apiMessage(error);
  return reason ? `${what} could not be loaded: ${reason}` : `${what} could not be loaded. Please try again.`;
}

export const apiStatus = (error: unknown): ApiError['status'] | undefined =>
  (error as Partial<ApiError> | undefined)?.status;
