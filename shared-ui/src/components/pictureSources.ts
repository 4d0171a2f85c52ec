import type { PictureRef } from '../api/contract';

/** The widths the site serves pictures at (the API's fixed set). */
export const PICTURE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type PictureFormat = 'avif' | 'webp' | 'jpg';

/** A held picture's URL on the site's origin (the page server passes `/pictures` from the API). */
export const pictureUrl = (id: string, width: number, format: PictureFormat) => `/pictures/${id}/${width}.${format}`;

/** `srcset` of one format, every served width up to `maxWidth`. */
export const pictureSrcSet = (id: string, format: PictureFormat, maxWidth = 1280) =>
  PICTURE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${pictureUrl(id, w, format)} ${w}w`)
    .join(', ');

/** The id to show, only for a picture the site holds: anything else shows the placeholder. */
export const shownPicture = (picture: PictureRef | null | undefined): string | undefined =>
  picture?.status === 'ready' && picture.id ? picture.id : undefined;

/**
 * The held picture a URL of the site's pictures names (`.../pictures/<id>/<width>.<format>`), for a URL field such as
 * the session's photo URL. Only its id is used, to load it from this site: any other URL gives none.
 */
export function pictureOfUrl(url: string | null | undefined): PictureRef | undefined {
  const id = /\/pictures\/([a-f0-9]{32})\/\d+\.(?:avif|webp|jpg)$/.exec(url ?? '')?.[1];
  return id ? { status: 'ready', id } : undefined;
}
