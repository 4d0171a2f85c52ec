import { useState } from 'react';
import { Link } from '@sportify/shared-ui/router';
import { dashboardHome } from '@sportify/platform/routes';
import { Avatar, Button, pictureOfUrl, selectSession, useAppSelector } from '@sportify/shared-ui';
import { useLogout } from '../../auth/useLogout';
import { useScrolled } from '../../hooks/useScrolled';
import { PreloadLink } from '../../routes/PreloadLink';
import { Account, Bar, Brand, Inner, Menu, Toggle, Unread } from './Navbar.styles';
import { useGetUnreadMessagesQuery } from './unreadApi';

/** New messages are looked for this often while a family's page is open (and when the tab gets focus back). */
const UNREAD_POLL_MS = 60_000;

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

/** A family's Messages, with how many are unread. */
function MessagesLink({ onClick }: { onClick: () => void }) {
  // Read in the browser only: a server render shows the link without a count, as the first browser render does.
  const { data } = useGetUnreadMessagesQuery(undefined, {
    pollingInterval: UNREAD_POLL_MS,
    refetchOnFocus: true,
    skip: typeof window === 'undefined',
  });
  const unread = data?.unread ?? 0;
  return (
    <PreloadLink
      to="/dashboard/messages"
      onClick={onClick}
      aria-label={unread ? `Messages, ${unread} unread` : 'Messages'}
    >
      Messages
      {unread > 0 && <Unread aria-hidden="true">{unread}</Unread>}
    </PreloadLink>
  );
}
