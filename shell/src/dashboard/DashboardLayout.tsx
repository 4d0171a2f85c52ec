import { NavLink, Outlet } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { media, selectRole, useAppSelector } from '@sportify/shared-ui';
import { PreloadLink } from '../routes/PreloadLink';
import { dashboardMenu, useLiveRoutes } from '../routes/liveRoutes';

// minmax(0, 1fr): the screen's column never grows past the page for a wide table, which scrolls in its own box.
const Frame = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(4)};
  ${media.md} {
    grid-template-columns: 240px minmax(0, 1fr);
  }
`;

// An aside (not a second <nav> landmark), so 'the navigation' stays the one main bar.
const Side = styled.aside`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space(4)};
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
  hr {
    border: 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    margin: ${({ theme }) => theme.space(4)} 0;
  }
  a {
    text-decoration: none;
    font-weight: 600;
  }
  a.active {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** Dashboard frame: the side menu for the user's role (docs/product.md §2) and the screen beside it. */
export function DashboardLayout() {
  const role = useAppSelector(selectRole) ?? 'student';
  const routes = useLiveRoutes();
  return (
    <Frame>
      <Side aria-label="Dashboard">
        <ul>
          {dashboardMenu(routes, role).map((item) => (
            <li key={item.to}>
              <PreloadLink to={item.to}>{item.label}</PreloadLink>
            </li>
          ))}
        </ul>
        <hr />
        <ul>
          <li>
            <NavLink to="/" end>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/instructors">Instructors</NavLink>
          </li>
          <li>
            <NavLink to="/classes">Classes</NavLink>
          </li>
        </ul>
      </Side>
      <section>
        <Outlet />
      </section>
    </Frame>
  );
}
