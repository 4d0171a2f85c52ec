import { useMessagesUnreadQuery } from '@sportify/shared-ui/endpoints/messages';
import { PreloadLink } from '../../routes/PreloadLink';
import { Unread } from './Navbar.styles';

/** New messages are looked for this often while a family's page is open (and when the tab gets focus back). */
const UNREAD_POLL_MS = 60_000;

/** A family's Messages, with how many are unread. */
export function MessagesLink({ onClick }: { onClick: () => void }) {
  // Read in the browser only: a server render shows the link without a count, as the first browser render does.
  const { data } = useMessagesUnreadQuery(undefined, {
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
