import { loadHttpClient, type ApiResponse, type Gender } from '@sportify/shared-ui';
import type { AuthAccount } from './authService';

export interface NewUser {
  userName?: string;
  email: string;
  userPhoto?: string;
  gender?: Gender;
}

/**
 * POST /users with the provider's ID token (the API accepts it here, so registration does not wait for the
 * API token). Returns the inserted (or existing) id.
 */
export async function registerUser(account: AuthAccount, user: NewUser): Promise<string> {
  const idToken = await account.getIdToken();
  const body = Object.fromEntries(Object.entries(user).filter(([, value]) => value));
  const httpClient = await loadHttpClient();
  const { data } = await httpClient.post<ApiResponse<'/users', 'post'>>('/users', body, {
    headers: { Authorization: `Bearer ${idToken}` },
  });
  return data.insertedId;
}
