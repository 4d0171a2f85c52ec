/** What an upload may be (the API's rules, docs/product.md §A13): checked here first so nothing too big is sent. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'];
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;

/** Why `file` cannot be uploaded as a picture, or null when it may be. */
export function pictureFileProblem(file: File): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return 'Choose a JPEG, PNG, WebP, AVIF or GIF picture';
  if (file.size > PICTURE_MAX_BYTES) return 'A picture must be at most 10 MB';
  return null;
}
