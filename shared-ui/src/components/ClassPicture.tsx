import { preload } from 'react-dom';
import styled from 'styled-components';
import type { PictureRef } from '../api/contract';
import { pictureSrcSet, pictureUrl, shownPicture } from './pictureSources';

interface ClassPictureProps {
  picture: PictureRef | null | undefined;
  alt: string;
  /** The displayed width at each screen width (`sizes`), so the browser picks the smallest size that is sharp. */
  sizes: string;
  /** The box's intrinsic size (its aspect ratio), so nothing moves while the picture loads. */
  width: number;
  height: number;
  /**
   * The page's first picture: preloaded (a `<link rel=preload>` in the head, also from the server render) and
   * fetched with high priority; every other picture loads lazily.
   */
  priority?: boolean;
  className?: string;
}

/**
 * A class's picture as the site holds it, in AVIF or WebP (JPEG for older browsers) at the width the layout needs.
 * Until it is held (being imported, or the import gave up) a neutral sports placeholder of the same size shows,
 * named like the picture: never the URL the instructor typed, which the pages' policy would refuse.
 */
export function ClassPicture({ picture, alt, sizes, width, height, priority = false, className }: ClassPictureProps) {
  const id = shownPicture(picture);
  if (!id) {
    return (
      <Placeholder role="img" aria-label={alt} className={className} data-picture-fallback="">
        <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
          <path
            d="M12 32h40M32 12c-7 6-7 34 0 40M32 12c7 6 7 34 0 40"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
          />
        </svg>
      </Placeholder>
    );
  }
  if (priority)
    preload(pictureUrl(id, 640, 'jpg'), {
      as: 'image',
      imageSrcSet: pictureSrcSet(id, 'avif'),
      imageSizes: sizes,
      fetchPriority: 'high',
      type: 'image/avif',
    });
  return (
    <Frame className={className}>
      <source type="image/avif" srcSet={pictureSrcSet(id, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={pictureSrcSet(id, 'webp')} sizes={sizes} />
      <img
        src={pictureUrl(id, 640, 'jpg')}
        srcSet={pictureSrcSet(id, 'jpg')}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
      />
    </Frame>
  );
}

const Frame = styled.picture`
  display: block;
  overflow: hidden;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Placeholder = styled.span`
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.muted};
  svg {
    width: min(40%, 96px);
    height: auto;
  }
`;
