import { loadHttpClient, type ApiResponse, type Gender } from '@sportify/shared-ui';
import { EmailNotVerifiedError, type AuthAccount } from './authService';

export interface NewUser {
  userName?: string;
  email: string;
  userPhoto?: string;
  /** An uploaded photo's id (POST /pictures), instead of `userPhoto`. */
  pictureId?: string;
  gender?: Gender;
}

/** The profile of a sign-up the API refused until its e-mail is verified (real Firebase project only). */
export const PENDING_REGISTRATION_KEY = 'sportify-pending-registration';

const notVerified = (error: unknown) =>
  (error as { response?: { status?: number; data?: { code?: unknown } } } | null)?.response?.data?.code ===
  'email_not_verified';

/**
 * POST /users with the provider's ID token (the API accepts it here, so registration does not wait for the
 * API token). Returns the inserted (or existing) id. An unverified e-mail (real project) rejects with
 * EmailNotVerifiedError, and the profile is kept for the first sign-in after the verification (`registerPending`).
 */
export async function registerUser(account: AuthAccount, user: NewUser): Promise<string> {
  const idToken = await account.getIdToken();
  const body = Object.fromEntries(Object.entries(user).filter(([, value]) => value));
  const httpClient = await loadHttpClient();
  try {
    const { data } = await httpClient.post<ApiResponse<'/users', 'post'>>('/users', body, {
      headers: { Authorization: `Bearer ${idToken}` },
    });
    return data.insertedId;
  } catch (error) {
    if (!notVerified(error)) throw error;
    localStorage.setItem(PENDING_REGISTRATION_KEY, JSON.stringify(body));
    throw new EmailNotVerifiedError();
  }
}

/** Registers the profile kept at sign-up once the API has given `email` its token (the shared client sends it). */
export async function registerPending(email: string): Promise<void> {
  let pending: Partial<NewUser> | null = null;
  try {
    pending = JSON.parse(localStorage.getItem(PENDING_REGISTRATION_KEY) ?? 'null') as Partial<NewUser> | null;
  } catch {
    pending = null;
  }
  if (typeof pending?.email !== 'string' || pending.email.toLowerCase() !== email.toLowerCase()) return;
  const httpClient = await loadHttpClient();
  await httpClient.post<ApiResponse<'/users', 'post'>>('/users', pending);
  localStorage.removeItem(PENDING_REGISTRATION_KEY);
}
