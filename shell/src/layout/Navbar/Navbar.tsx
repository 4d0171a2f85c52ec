import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Link } from '@sportify/shared-ui/router';
import { dashboardHome } from '@sportify/platform/routes';
import { Avatar, Button, pictureOfUrl, selectSession, useAppSelector } from '@sportify/shared-ui';
import { useLogout } from '../../auth/useLogout';
import { useScrolled } from '../../hooks/useScrolled';
import { PreloadLink } from '../../routes/PreloadLink';
import { Account, Bar, Brand, Inner, Menu, Toggle } from './Navbar.styles';

// A family's link with its unread count is loaded for a family only: a visitor's first view does without its call.
const MessagesLinkWithCount = lazy(async () => ({
  default: (await import(/* webpackChunkName: "messages-link" */ './MessagesLink')).MessagesLink,
}));

const noSubscription = () => () => undefined;

/**
 * A family's Messages. The count is read in the browser only: the server and the hydrating render show the plain
 * link (the server's snapshot), the browser's next render loads the link with its count.
 */
function MessagesLink({ onClick }: { onClick: () => void }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const plain = (
    <PreloadLink to="/dashboard/messages" onClick={onClick}>
      Messages
    </PreloadLink>
  );
  return inBrowser ? (
    <Suspense fallback={plain}>
      <MessagesLinkWithCount onClick={onClick} />
    </Suspense>
  ) : (
    plain
  );
}

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/instructors', label: 'Instructor' },
  { to: '/classes', label: 'Classes' },
];

/** Top bar (docs/product.md §2): site links, then Login or Dashboard + photo + Logout. */
export function Navbar() {
  const session = useAppSelector(selectSession);
  const logout = useLogout();
  const scrolled = useScrolled();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <Bar $scrolled={scrolled}>
      <Inner aria-label="Main">
        <Brand as={Link} to="/">
          Sportify Camp
        </Brand>
        <Toggle type="button" aria-expanded={open} aria-controls="main-menu" onClick={() => setOpen(!open)}>
          Menu
        </Toggle>
        <Menu id="main-menu" $open={open}>
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <PreloadLink to={link.to} end onClick={close}>
                  {link.label}
                </PreloadLink>
              </li>
            ))}
            {session.status === 'signedIn' && (
              <li>
                <PreloadLink to={dashboardHome(session.role)} onClick={close}>
                  Dashboard
                </PreloadLink>
              </li>
            )}
            {session.status === 'signedIn' && session.role === 'student' && (
              <li>
                <MessagesLink onClick={close} />
              </li>
            )}
          </ul>
          {session.status === 'signedIn' && session.user && (
            <Account>
              <Avatar
                picture={pictureOfUrl(session.user.photoURL)}
                name={session.user.displayName || session.user.email}
                title={session.user.displayName || session.user.email}
                size={40}
              />
              <Button type="button" $variant="secondary" onClick={logout}>
                Logout
              </Button>
            </Account>
          )}
          {session.status === 'signedOut' && (
            <Button as={Link} to="/login" onClick={close}>
              Login
            </Button>
          )}
        </Menu>
      </Inner>
    </Bar>
  );
}
