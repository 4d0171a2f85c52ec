import { createHash } from 'node:crypto';
import sharp, { type SharpOptions } from 'sharp';
import { PICTURE_FORMATS, type PictureFormat } from './picture.model';

/** A picture the site will not hold: the reason is shown to the person who gave it. */
export class PictureRefused extends Error {}

export type SourceType = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg';

/** The largest side of the kept picture: the widest size served, with room for sharp screens. */
const MASTER_SIDE = 2048;
/** A drawing is rasterised at the widest size served: it has no finer detail to keep. */
const SVG_SIDE = 1280;

const startsWith = (bytes: Buffer, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/** What the bytes are, whatever the name or the header said; undefined for anything that is not a picture. */
export function sniffType(bytes: Buffer): SourceType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: an ftyp box naming AVIF as its brand or a compatible one.
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const size = bytes.readUInt32BE(0);
    const brands = ascii(bytes, 8, Math.min(size, 64, bytes.length));
    if (/avi[fs]/.test(brands)) return 'avif';
  }
  const text = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return 'svg';
  return undefined;
}

/**
 * Refuses an SVG that could do anything but draw: scripts, event handlers, foreign HTML, entities, or a link to
 * anything outside itself. What is left is rasterised; the SVG itself is never served.
 */
function checkSvg(bytes: Buffer): void {
  const text = bytes.toString('utf8');
  const refusals: [RegExp, string][] = [
    [/<script[\s>/]/i, 'a script'],
    [/\son[a-z]+\s*=/i, 'an event handler'],
    [/<foreignObject[\s>/]/i, 'foreign content'],
    [/<!(DOCTYPE|ENTITY)/i, 'a document type or entities'],
    [/(?:xlink:)?href\s*=\s*["']\s*(?!#)/i, 'a link to another file'],
    [/url\(\s*["']?\s*(?!#)/i, 'a link to another file'],
    [/@import/i, 'an imported style sheet'],
  ];
  for (const [pattern, what] of refusals)
    if (pattern.test(text)) throw new PictureRefused(`the SVG picture has ${what}; upload a PNG or JPEG instead`);
}

export interface Normalised {
  /** Content id: the kept picture's hash. */
  id: string;
  master: Buffer;
  width: number;
  height: number;
}

/**
 * Checks and re-encodes a picture: decided by its bytes, at most `maxPixels` (a decompression bomb is refused before
 * it is decoded), turned upright, in sRGB, at most MASTER_SIDE on its longer side, without any metadata (GPS, camera,
 * comments). The kept copy is a fresh WebP encoding: the original bytes are never stored or served. An animated GIF
 * keeps its first frame.
 */
export async function normalisePicture(bytes: Buffer, maxPixels: number): Promise<Normalised> {
  const type = sniffType(bytes);
  if (!type) throw new PictureRefused('the file is not a picture (JPEG, PNG, WebP, AVIF or GIF)');
  const options: SharpOptions = { limitInputPixels: maxPixels, failOn: 'error', pages: 1 };
  if (type === 'svg') {
    checkSvg(bytes);
    const size = await sharp(bytes, options)
      .metadata()
      .catch(() => {
        throw new PictureRefused('the SVG picture could not be read');
      });
    // Drawn large enough for the widest size served.
    const side = Math.max(size.width ?? 0, size.height ?? 0, 1);
    options.density = Math.min(72 * Math.max(1, SVG_SIDE / side), 2400);
  }
  const tooManyPixels = `the picture has more than ${Math.round(maxPixels / 1e6)} million pixels`;
  const meta = await sharp(bytes, options)
    .metadata()
    .catch((err: Error) => {
      throw new PictureRefused(/pixel limit/i.test(err.message) ? tooManyPixels : 'the picture could not be read');
    });
  // libvips names AVIF by its container.
  const format = (meta.format as string) === 'heif' ? 'avif' : meta.format;
  if (format !== type) throw new PictureRefused('the file is not a picture (JPEG, PNG, WebP, AVIF or GIF)');
  if (!meta.width || !meta.height || meta.width * meta.height > maxPixels) throw new PictureRefused(tooManyPixels);
  try {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize(MASTER_SIDE, MASTER_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .webp({ quality: 92, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    const id = createHash('sha256').update(data).digest('hex').slice(0, 32);
    return { id, master: data, width: info.width, height: info.height };
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw new PictureRefused(tooManyPixels);
    throw new PictureRefused('the picture could not be read');
  }
}

/** A picture this module made before (a cache of it): the same fields, read back from the kept copy. */
export async function readNormalised(master: Buffer): Promise<Normalised> {
  const { width, height } = await sharp(master).metadata();
  return { id: createHash('sha256').update(master).digest('hex').slice(0, 32), master, width, height };
}

/** One served size: `width` wide at most (never enlarged), in `format`, without metadata. */
export async function encodeVariant(master: Buffer, width: number, format: PictureFormat): Promise<Buffer> {
  const resized = sharp(master).resize({ width, withoutEnlargement: true });
  switch (format) {
    case 'avif':
      return resized.avif({ quality: 50, effort: 2 }).toBuffer();
    case 'webp':
      return resized.webp({ quality: 75 }).toBuffer();
    case 'jpg':
      return resized.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  }
}

export const CONTENT_TYPES: Record<PictureFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};
export { PICTURE_FORMATS };
