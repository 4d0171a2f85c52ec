import { Outlet } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { AppToastContainer } from '@sportify/shared-ui';
import { Footer } from './Footer/Footer';
import { Navbar } from './Navbar/Navbar';

const Main = styled.main`
  min-height: 60vh;
  max-width: 1200px;
  margin: 0 auto;
`;

/** Every page: navbar, the route's content, footer. */
export function Layout() {
  return (
    <>
      <Navbar />
      <Main>
        <Outlet />
      </Main>
      <Footer />
      {/* The site's one toast container; remotes only call shared-ui's notify helpers. */}
      <AppToastContainer />
    </>
  );
}
