import styled from 'styled-components';
import type { PictureRef } from '../api/contract';
import { pictureUrl, shownPicture } from './pictureSources';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('') || '?';

/** The served width for a round photo of `size` CSS pixels on a screen of `density`. */
const widthFor = (size: number, density: number) => ([160, 320, 480] as const).find((w) => w >= size * density) ?? 480;

/**
 * A person's round photo at a fixed size (so nothing jumps while it loads, lazily), as the site holds it: AVIF or
 * WebP at the size the screen's density needs. A person without a photo the site holds yet shows their initials,
 * never the URL they gave.
 */
export function Avatar({
  picture,
  name,
  size,
  alt = name,
  title,
}: {
  picture: PictureRef | null | undefined;
  name: string;
  size: number;
  alt?: string;
  title?: string;
}) {
  const id = shownPicture(picture);
  if (!id) {
    return (
      <Initials role="img" aria-label={alt} title={title} $size={size}>
        {initialsOf(name)}
      </Initials>
    );
  }
  const set = (format: 'avif' | 'webp' | 'jpg') =>
    [1, 2].map((d) => `${pictureUrl(id, widthFor(size, d), format)} ${d}x`).join(', ');
  return (
    <picture>
      <source type="image/avif" srcSet={set('avif')} />
      <source type="image/webp" srcSet={set('webp')} />
      <Photo
        src={pictureUrl(id, widthFor(size, 1), 'jpg')}
        srcSet={set('jpg')}
        alt={alt}
        title={title}
        width={size}
        height={size}
        $size={size}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}

const Photo = styled.img<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  /* Doubled class: round even inside a shared Table, whose img rule is more specific than one class. */
  && {
    border-radius: ${({ theme }) => theme.radius.round};
  }
  object-fit: cover;
  background: ${({ theme }) => theme.colors.border};
`;

const Initials = styled.span<{ $size: number }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.36)}px;
  letter-spacing: 0.02em;
`;
