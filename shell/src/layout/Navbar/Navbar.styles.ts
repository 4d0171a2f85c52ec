import styled, { css } from 'styled-components';
import { media } from '@sportify/shared-ui';

/**
 * Sticky rather than switched to `position: fixed` on scroll: it stays at the top once the page scrolls, yet never
 * leaves the flow, so nothing under it jumps (at any bar height) and nothing is covered a frame after it moved.
 */
export const Bar = styled.header<{ $scrolled: boolean }>`
  position: sticky;
  top: 0;
  z-index: 10;
  width: 100%;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${({ $scrolled, theme }) =>
    $scrolled &&
    css`
      box-shadow: ${theme.shadow};
    `}
`;

export const Inner = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 1200px;
  min-height: 64px;
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space(4)};
`;

export const Brand = styled.a`
  font-family: ${({ theme }) => theme.font.heading};
  font-size: 1.4rem;
  font-weight: 700;
  text-decoration: none;
  color: ${({ theme }) => theme.colors.primaryDark};
`;

export const Toggle = styled.button`
  ${media.md} {
    display: none;
  }
  background: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: ${({ theme }) => theme.space(2)};
  font: inherit;
  cursor: pointer;
`;

// Collapsed only below the md breakpoint (a max-width query, so wide screens never depend on the toggle).
export const Menu = styled.div<{ $open: boolean }>`
  display: flex;
  flex-direction: column;
  flex-basis: 100%;
  gap: ${({ theme }) => theme.space(3)};
  padding-bottom: ${({ theme }) => theme.space(3)};
  @media (max-width: 767.98px) {
    ${({ $open }) => !$open && 'display: none;'}
  }
  ${media.md} {
    display: flex;
    flex-direction: row;
    flex-basis: auto;
    align-items: center;
    padding-bottom: 0;
  }
  ul {
    display: flex;
    flex-direction: inherit;
    gap: inherit;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    text-decoration: none;
    font-weight: 600;
  }
  a.active {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export const Account = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

/** The unread count beside Messages. */
export const Unread = styled.span`
  display: inline-block;
  min-width: 1.4em;
  margin-left: ${({ theme }) => theme.space(1)};
  padding: 0 ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radius.round};
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.8rem;
  text-align: center;
`;
