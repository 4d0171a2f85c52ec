import styled from 'styled-components';
import { campTimeZone } from '@sportify/shared-ui';
import { useCheckInsTodayQuery } from '@sportify/shared-ui/endpoints/rosters';
import { useLiveDay } from './useLiveDay';

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: campTimeZone() }).format(
    new Date(iso),
  );

/** Today at camp: when each child was checked in and who picked them up, as it happens. */
export function TodayAtCamp() {
  useLiveDay();
  const { data } = useCheckInsTodayQuery();
  if (!data?.length) return null;
  return (
    <Section aria-labelledby="today-heading" aria-live="polite">
      <h2 id="today-heading">Today at camp</h2>
      <ul>
        {data.map((d) => (
          <li key={`${d.classId}:${d.participantId}`}>
            <strong>
              {d.name}, {d.className}
            </strong>
            : Checked in at {timeOf(d.checkedInAt)}
            {d.checkedOutAt &&
              (d.pickedUpBy
                ? `. Picked up at ${timeOf(d.checkedOutAt)} by ${d.pickedUpBy.name}`
                : `. Checked out at ${timeOf(d.checkedOutAt)}`)}
          </li>
        ))}
      </ul>
    </Section>
  );
}

const Section = styled.section`
  max-width: 760px;
  margin: 0 auto ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1.17rem;
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
  }
`;
