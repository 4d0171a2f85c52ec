// Pictures as the rest of the API sees them: a content id and where a class's or a person's picture stands.

export const PICTURE_STATUSES = ['pending', 'ready', 'failed'] as const;
/** pending: being imported (or not yet); ready: `id` is served; failed: the import gave up (`error` says why). */
export type PictureStatus = (typeof PICTURE_STATUSES)[number];

/** What a class or a user carries beside the spec's URL field. */
export interface PictureRef {
  status: PictureStatus;
  /** The content id, once ready. */
  id?: string;
  /** Why the import gave up (failed only). */
  error?: string;
}

/** The widths pictures are served at (`/pictures/{id}/{width}.{format}`), smallest first. */
export const PICTURE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];
export const PICTURE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/** The width a URL in the spec's fields points at (`classImage`, `userPhoto`): a card's size, as JPEG. */
export const URL_FIELD_WIDTH: PictureWidth = 960;

export const PICTURE_ID = /^[a-f0-9]{32}$/;

/** The served URL of a picture on the site (what `classImage` / `userPhoto` become once it is ready). */
export const pictureUrl = (siteUrl: string, id: string, width: PictureWidth = URL_FIELD_WIDTH, format = 'jpg') =>
  `${siteUrl}/pictures/${id}/${width}.${format}`;

/** The picture id of a URL of this site's own pictures, if `url` is one (it is then linked, not fetched). */
export function ownPictureId(siteUrl: string, url: string): string | undefined {
  const prefix = `${siteUrl}/pictures/`;
  if (!url.startsWith(prefix)) return undefined;
  const [id, file] = url.slice(prefix.length).split('/');
  return PICTURE_ID.test(id) && /^\d+\.(avif|webp|jpg)$/.test(file ?? '') ? id : undefined;
}

/** Stored fields of a class or a user that describe its picture (beside `classImage` / `userPhoto`). */
export interface StoredPicture {
  pictureId?: string;
  pictureStatus?: PictureStatus;
  pictureError?: string;
}

/** The API's view of the stored fields; a record from before pictures were held is pending (not imported yet). */
export const pictureOf = (d: StoredPicture): PictureRef => ({
  status: d.pictureStatus ?? 'pending',
  ...(d.pictureStatus === 'ready' && d.pictureId ? { id: d.pictureId } : {}),
  ...(d.pictureStatus === 'failed' && d.pictureError ? { error: d.pictureError } : {}),
});
