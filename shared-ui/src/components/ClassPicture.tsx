import { useState, type ImgHTMLAttributes } from 'react';
import styled from 'styled-components';

type ClassPictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & {
  src: string | null | undefined;
  alt: string;
};

/**
 * A class's picture. Instructors type any URL, so one that fails to load (or none) shows a neutral sports
 * placeholder of the same size, named like the picture, instead of the browser's broken-image icon.
 */
export function ClassPicture({ src, alt, className, width, height, ...img }: ClassPictureProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
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
  return (
    <img
      {...img}
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      onError={() => setFailed(src)}
    />
  );
}

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
