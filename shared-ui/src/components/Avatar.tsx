import { useState } from 'react';
import styled from 'styled-components';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('') || '?';

/**
 * A person's round photo at a fixed size (so nothing jumps while it loads, lazily). A photo URL that fails to load
 * (users type their own at sign-up), or none at all, falls back to the initials instead of a broken image with
 * overflowing alt text.
 */
export function Avatar({
  src,
  name,
  size,
  alt = name,
  title,
}: {
  src: string | null | undefined;
  name: string;
  size: number;
  alt?: string;
  title?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <Initials role="img" aria-label={alt} title={title} $size={size}>
        {initialsOf(name)}
      </Initials>
    );
  }
  return (
    <Photo
      src={src}
      alt={alt}
      title={title}
      width={size}
      height={size}
      $size={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
    />
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
