import type { ApiError } from '@sportify/shared-ui';

/**
 * The readable message of a failed call. The API always answers `{ statusCode, message, error }`, and its messages
 * are written for users (e.g. 'This class is sold out; your payment has been refunded'), so they are shown as-is.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  const data = (error as Partial<ApiError> | undefined)?.data;
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && message.length) return message.join(' ');
  }
  return fallback;
}

export const apiStatus = (error: unknown): ApiError['status'] | undefined => (error as Partial<ApiError> | undefined)?.status;
