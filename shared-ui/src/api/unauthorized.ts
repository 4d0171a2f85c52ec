import { tokenStorage } from '../session/tokenStorage';

type UnauthorizedHandler = () => void | Promise<void>;

// Default for a remote running alone; the shell replaces it with one that also signs out of Firebase
// and navigates inside the router (no full page reload). Kept apart from the axios client so that registering it
// does not load axios (it stays off the first view, see api/loadHttpClient.ts).
let onUnauthorized: UnauthorizedHandler = () => {
  tokenStorage.clear();
  window.location.assign('/login');
};

/** The shell registers how to log out on a 401/403 (it owns the auth provider and the router). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** docs/product.md §4: a 401/403 from the API logs out; the caller still gets the error. */
export async function handleUnauthorized(status: number | undefined): Promise<void> {
  if (status !== 401 && status !== 403) return;
  try {
    await onUnauthorized();
  } catch (logoutError) {
    console.error('Logout after', status, 'failed', logoutError);
  }
}
