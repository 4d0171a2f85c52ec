import { useRef } from 'react';
import { Outlet } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { AppToastContainer } from '@sportify/shared-ui';
import { Footer } from './Footer/Footer';
import { Navbar } from './Navbar/Navbar';
import { OverrideBadge } from './OverrideBadge/OverrideBadge';
import { useFocusOnNavigate } from './useFocusOnNavigate';

const Main = styled.main`
  min-height: 60vh;
  max-width: 1200px;
  margin: 0 auto;
  &:focus {
    outline: none;
  }
`;

/** The first stop of the Tab key: past the navbar, straight to the screen. Shown only while focused. */
const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.space(2)};
  top: -100px;
  z-index: 1000;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primaryDark};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 600;
  &:focus {
    top: ${({ theme }) => theme.space(2)};
  }
`;

/** Every page: navbar, the route's content, footer. */
export function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <OverrideBadge />
      <Navbar />
      <Main id="main" tabIndex={-1} ref={main}>
        <Outlet />
      </Main>
      <Footer />
      {/* The site's one toast container; remotes only call shared-ui's notify helpers. */}
      <AppToastContainer />
    </>
  );
}
