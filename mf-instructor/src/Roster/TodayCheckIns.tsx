import { useId, useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage, Button, campTimeZone, ErrorText, notify } from '@sportify/shared-ui';
import { useRostersCheckInMutation, useRostersCheckOutMutation } from '@sportify/shared-ui/endpoints/rosters';
import type { Roster, RosterRow } from './rosterApi';

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: campTimeZone() }).format(
    new Date(iso),
  );

/** Someone at the gate who is not on the family's list. */
const NOT_LISTED = 'not-listed';

/**
 * Today's check-in and check-out, one card per participant: built for a phone held in one hand (full-width
 * buttons, no table to scroll sideways). The API decides who may do it and to whom a camper may be handed.
 */
export function TodayCheckIns({ roster, day }: { roster: Roster; day: string }) {
  return (
    <section aria-labelledby="today-heading">
      <h2 id="today-heading">Today&apos;s check-in</h2>
      <Cards aria-label="Today's check-in">
        {roster.campers.map((row) => (
          <li key={row.participantId}>
            <DayCard classId={roster.classId} row={row} day={day} />
          </li>
        ))}
      </Cards>
    </section>
  );
}

function DayCard({ classId, row, day }: { classId: string; row: RosterRow; day: string }) {
  const [checkIn, { isLoading: checkingIn }] = useRostersCheckInMutation();
  const [checkOut, { isLoading: checkingOut }] = useRostersCheckOutMutation();
  const [choosing, setChoosing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const record = row.checkIns[day];
  const headingId = useId();

  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    setRefusal(null);
    try {
      await action();
      void notify.notice(done);
      setChoosing(false);
    } catch (error) {
      setRefusal(apiErrorMessage(error, failed));
    }
  };

  return (
    <Card aria-labelledby={headingId}>
      <h3 id={headingId}>{row.name}</h3>
      {row.waiver && (
        <Waiver $ok={row.waiver === 'signed'}>{row.waiver === 'signed' ? 'Waiver signed' : 'Waiver missing'}</Waiver>
      )}
      {record && <p>Checked in at {timeOf(record.checkedInAt)}</p>}
      {record?.checkedOutAt && (
        <p>
          {record.pickedUpBy
            ? `Picked up at ${timeOf(record.checkedOutAt)} by ${record.pickedUpBy.name}`
            : `Checked out at ${timeOf(record.checkedOutAt)}`}
        </p>
      )}
      {!record && (
        <Big
          type="button"
          aria-label={`Check in ${row.name}`}
          disabled={checkingIn}
          onClick={() =>
            void run(
              () => checkIn({ id: classId, checkInDto: { participantId: row.participantId, date: day } }).unwrap(),
              `${row.name} is checked in`,
              `${row.name} could not be checked in. Please try again.`,
            )
          }
        >
          Check in
        </Big>
      )}
      {record && !record.checkedOutAt && !choosing && (
        <Big
          type="button"
          $variant="secondary"
          aria-label={`Check out ${row.name}`}
          disabled={checkingOut}
          onClick={() =>
            row.camperId
              ? setChoosing(true)
              : void run(
                  () =>
                    checkOut({ id: classId, checkOutDto: { participantId: row.participantId, date: day } }).unwrap(),
                  `${row.name} is checked out`,
                  `${row.name} could not be checked out. Please try again.`,
                )
          }
        >
          Check out
        </Big>
      )}
      {choosing && (
        <PickUpChoice
          row={row}
          busy={checkingOut}
          onCancel={() => setChoosing(false)}
          onConfirm={(pickupId, name) =>
            void run(
              () =>
                checkOut({
                  id: classId,
                  checkOutDto: { participantId: row.participantId, date: day, pickupId },
                }).unwrap(),
              `${row.name} was picked up by ${name}`,
              `${row.name} could not be checked out. Please try again.`,
            )
          }
        />
      )}
      {refusal && <ErrorText role="alert">{refusal}</ErrorText>}
    </Card>
  );
}

function PickUpChoice({
  row,
  busy,
  onCancel,
  onConfirm,
}: {
  row: RosterRow;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (pickupId: string, name: string) => void;
}) {
  const [chosen, setChosen] = useState<string>('');
  const name = useId();
  const pickup = row.pickups.find((p) => p._id === chosen);
  return (
    <Choice>
      <legend>Who is picking up {row.name}?</legend>
      {row.pickups.map((p) => (
        <label key={p._id}>
          <input type="radio" name={name} value={p._id} checked={chosen === p._id} onChange={() => setChosen(p._id)} />
          {p.name} ({p.relationship})
        </label>
      ))}
      <label>
        <input
          type="radio"
          name={name}
          value={NOT_LISTED}
          checked={chosen === NOT_LISTED}
          onChange={() => setChosen(NOT_LISTED)}
        />
        Someone else
      </label>
      {chosen === NOT_LISTED && (
        <Warning role="alert">
          Not an authorised pick-up: call the family. {row.emergencyContact}:{' '}
          <a href={`tel:${row.emergencyPhone.replace(/[^0-9+]/g, '')}`}>{row.emergencyPhone}</a>
        </Warning>
      )}
      <Big type="button" disabled={!pickup || busy} onClick={() => pickup && onConfirm(pickup._id, pickup.name)}>
        Confirm pick-up
      </Big>
      <Big type="button" $variant="secondary" onClick={onCancel}>
        Cancel
      </Big>
    </Choice>
  );
}

const Cards = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 760px;
  margin: 0 auto ${({ theme }) => theme.space(6)};
  padding: 0;
  list-style: none;
`;

const Card = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  overflow-wrap: anywhere;
  h3,
  p {
    margin: 0;
  }
`;

const Waiver = styled.p<{ $ok: boolean }>`
  font-weight: 600;
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
`;

/** A target a thumb finds: full width, at least 48 px high. */
const Big = styled(Button)`
  width: 100%;
  min-height: 48px;
`;

const Choice = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  legend {
    font-weight: 600;
  }
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    min-height: 48px;
  }
  input[type='radio'] {
    width: 1.4rem;
    height: 1.4rem;
  }
`;

const Warning = styled(ErrorText)`
  font-weight: 600;
`;
