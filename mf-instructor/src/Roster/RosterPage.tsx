import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useParams } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import {
  apiErrorMessage,
  apiStatus,
  Button,
  LoadError,
  notify,
  PageHeading,
  saveFile,
  selectRole,
  Spinner,
  StatePanel,
  useAppSelector,
  useFollowedState,
} from '@sportify/shared-ui';
import { CellDetail, CellText, DASHBOARD_STACK_BELOW, DataTable } from '@sportify/shared-ui/tables';
import {
  useRostersCsvMutation,
  useRostersMarkMutation,
  useRostersRosterQuery,
} from '@sportify/shared-ui/endpoints/rosters';
import { MessageFamilies } from './MessageFamilies';
import type { Roster } from './rosterApi';
import { TodayCheckIns } from './TodayCheckIns';
import { routes } from '@sportify/platform/routes';

// A session is a calendar day, not an instant: formatted as such, whatever the browser's zone.
const sessionDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayLabel = (date: string) => sessionDay.format(new Date(`${date}T00:00:00Z`));
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDayLabel = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));

// One Attendance column whatever the number of sessions (a class may have many weeks): its boxes wrap in the cell.
// The phone sits under the emergency contact it reaches.
const COLUMNS = ['Camper', 'Waiver', 'Age', 'Allergies and medical notes', 'Emergency contact', 'Attendance'];

const waiverLabel = (state: Roster['campers'][number]['waiver']) =>
  state === 'signed' ? 'Waiver signed' : state === 'missing' ? 'Waiver missing' : '—';

/**
 * Roster: who is enrolled in a class (age, notes, whom to call) and their attendance per session, for the class's
 * instructor and the admins (screens.json: the shell lets no one else in). The API decides whose roster they read.
 */
export function RosterPage() {
  const { id = '' } = useParams();
  const role = useAppSelector(selectRole);
  const query = useRostersRosterQuery(id || skipToken);
  const roster = query.data;

  return (
    <section aria-labelledby="roster-heading">
      <PageHeading id="roster-heading">{roster ? `Roster: ${roster.className}` : 'Roster'}</PageHeading>
      {query.isLoading && <Spinner label="Loading the roster" />}
      {query.isError &&
        (apiStatus(query.error) === 404 || apiStatus(query.error) === 400 ? (
          <StatePanel>
            <p>This class does not exist.</p>
            <Button as={Link} to={role === 'admin' ? routes.allClasses : routes.myClasses}>
              Back to the classes
            </Button>
          </StatePanel>
        ) : (
          <LoadError
            message={apiErrorMessage(query.error, 'The roster could not be loaded.')}
            onRetry={query.refetch}
            retrying={query.isFetching}
          />
        ))}
      {roster && <RosterTable roster={roster} />}
    </section>
  );
}

function RosterTable({ roster }: { roster: Roster }) {
  const [setAttendance] = useRostersMarkMutation();
  const [fetchCsv, { isLoading: downloading }] = useRostersCsvMutation();

  /** Saves one tick; false when it could not be saved (the API's reason is shown). */
  const mark = async (participantId: string, name: string, date: string, present: boolean) => {
    try {
      await setAttendance({ id: roster.classId, attendanceDto: { participantId, date, present } }).unwrap();
      void notify.notice('Attendance saved');
      return true;
    } catch (error) {
      void notify.error(apiErrorMessage(error, `The attendance of ${name} could not be saved. Please try again.`));
      return false;
    }
  };

  const download = async () => {
    try {
      const csv = String(await fetchCsv(roster.classId).unwrap());
      saveFile(`roster-${roster.classId}.csv`, 'text/csv', csv);
    } catch (error) {
      void notify.error(apiErrorMessage(error, 'The roster could not be downloaded. Please try again.'));
    }
  };

  return (
    <>
      <Toolbar>
        <Button type="button" $variant="secondary" onClick={() => void download()} disabled={downloading}>
          Download CSV
        </Button>
      </Toolbar>
      {roster.campers.length === 0 ? (
        <StatePanel>
          <p>Nobody is enrolled in this class yet.</p>
        </StatePanel>
      ) : (
        <>
          {roster.sessions.includes(roster.today) && <TodayCheckIns roster={roster} day={roster.today} />}
          <DataTable labelledBy="roster-heading" stackBelow={DASHBOARD_STACK_BELOW} columns={COLUMNS}>
            {roster.campers.map((row) => (
              <tr key={row.participantId}>
                <th scope="row" data-label="Camper">
                  <CellText text={row.name} />
                </th>
                <td data-label="Waiver">{waiverLabel(row.waiver)}</td>
                <td data-label="Age">{row.age ?? '—'}</td>
                <Notes data-label="Allergies and medical notes">{row.notes || 'None'}</Notes>
                <td data-label="Emergency contact">
                  {row.emergencyContact || '—'}
                  {row.emergencyPhone && (
                    <CellDetail>
                      <Phone href={`tel:${row.emergencyPhone.replace(/[^0-9+]/g, '')}`}>{row.emergencyPhone}</Phone>
                    </CellDetail>
                  )}
                </td>
                <td data-label="Attendance">
                  <Sessions>
                    {roster.sessions.map((date) => (
                      <Present key={date}>
                        <PresentBox
                          value={row.attendance[date] === true}
                          label={`${row.name} present on ${dayLabel(date)}`}
                          onMark={(present) => mark(row.participantId, row.name, date, present)}
                        />
                        <span aria-hidden="true">{shortDayLabel(date)}</span>
                      </Present>
                    ))}
                  </Sessions>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
      <MessageFamilies classId={roster.classId} />
    </>
  );
}

/**
 * One Present box. Its tick shows in the click itself: the roster cache's optimistic patch reaches React only at the
 * next frame (RTK batches it), and at the end of the click React puts a controlled box back to the value it has.
 */
function PresentBox({
  value,
  label,
  onMark,
}: {
  value: boolean;
  label: string;
  onMark: (present: boolean) => Promise<boolean>;
}) {
  const [checked, setChecked] = useFollowedState(value);
  return (
    <input
      type="checkbox"
      checked={checked}
      aria-label={label}
      onChange={(event) => {
        const present = event.target.checked;
        setChecked(present);
        void onMark(present).then((saved) => saved || setChecked(value));
      }}
    />
  );
}

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  padding: 0 ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Notes = styled.td`
  max-width: 280px;
  white-space: pre-wrap;
`;

// A phone number is read as one item: never broken at its spaces.
const Phone = styled.a`
  white-space: nowrap;
`;

// Room for one session's box and date a line at least; the column takes no more than that from a table that must fit
// its page beside a 16rem e-mail and the contact.
const Sessions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  min-width: 7.5rem;
`;

const Present = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  white-space: nowrap;
  input {
    width: 1.1rem;
    height: 1.1rem;
  }
`;
