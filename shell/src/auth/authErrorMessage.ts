/** The provider's message, shown in red under the form (docs/product.md §8). */
export function authErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Sign-in failed. Please try again.';
}
