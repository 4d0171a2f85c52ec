// The API token lives in localStorage under the key of docs/product.md §9.
export const TOKEN_KEY = 'access-token';

export const tokenStorage = {
  // No storage (a server-side render) means no one is signed in.
  get: (): string | null => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY)),
  set: (token: string): void => localStorage.setItem(TOKEN_KEY, token),
  clear: (): void => localStorage.removeItem(TOKEN_KEY),
};
