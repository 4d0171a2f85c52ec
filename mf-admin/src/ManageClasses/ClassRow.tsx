import { Link } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import { Button, ClassPicture, notify, type CampClass } from '@sportify/shared-ui';
import { ActionCell, CellDetail, MainCell } from '@sportify/shared-ui/tables';
import { useClassesDecideMutation } from '@sportify/shared-ui/endpoints/classes';
import type { Decision } from './manageClassesArgs';
import { ageLabel } from '@sportify/platform/ages';
import { dollarsBefore } from '@sportify/platform/money';
import { routes } from '@sportify/platform/routes';

const Muted = styled.span`
  display: block;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.muted};
`;

const RosterLink = styled(Link)`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space(1)};
  font-weight: 600;
`;

const FeedbackCell = styled.td`
  max-width: 280px;
  white-space: pre-wrap;
`;

const Capitalized = styled.td`
  text-transform: capitalize;
`;

/** One class under review; each row has its own request state, so only its buttons wait. */
export function ClassRow({ item, number, waiting }: { item: CampClass; number: number; waiting?: number }) {
  const [setStatus, { isLoading }] = useClassesDecideMutation();
  // docs/product.md §4: a decision is final, so both buttons stay disabled once it is made.
  const decided = item.status !== 'pending';

  const decide = async (status: Decision) => {
    try {
      const result = await setStatus({ id: item._id, classStatusDto: { status } }).unwrap();
      if (result.modifiedCount) notify.notice(`${item.className} is ${status}`);
    } catch {
      notify.error(`${item.className} could not be ${status}. Please try again.`);
    }
  };

  return (
    <tr>
      <td data-label="#">{number}</td>
      <td data-label="Class Photo">
        <ClassPicture picture={item.picture} alt={item.className} sizes="96px" width={96} height={72} />
      </td>
      <MainCell label="Class Name" name={item.className}>
        {ageLabel(item) && <CellDetail>{ageLabel(item)}</CellDetail>}
      </MainCell>
      <td data-label="Instructor">
        <span>
          {item.instructorName}
          <Muted title={item.instructorEmail} data-word>
            {item.instructorEmail}
          </Muted>
        </span>
      </td>
      {/* The waitlist sits under the seats left, so the columns stay as they are (docs/product.md §4). */}
      <td data-label="Available seats">
        {item.seats}
        {waiting !== undefined && waiting > 0 && <Muted>{`${waiting} waiting`}</Muted>}
        {/* Every class's roster (the instructor's screen, open to admins) sits with its seats: the columns stay. */}
        <RosterLink to={routes.roster(item._id)} aria-label={`Roster of ${item.className}`}>
          Roster
        </RosterLink>
      </td>
      <td data-label="Price">{dollarsBefore(item.price)}</td>
      <Capitalized data-label="Status">{item.status}</Capitalized>
      <FeedbackCell data-label="Feedback">
        {item.feedback ? item.feedback : <Muted>No feedback yet</Muted>}
      </FeedbackCell>
      {/* The row's actions together: the review's two decisions and the feedback that goes with them. */}
      <ActionCell label="Decision">
        <Button type="button" disabled={decided || isLoading} onClick={() => decide('approved')}>
          Approved
        </Button>
        <Button type="button" $variant="danger" disabled={decided || isLoading} onClick={() => decide('denied')}>
          Denied
        </Button>
        {/* The class name travels along so the Feedback screen can say which class it is for. */}
        <Button as={Link} to={routes.feedback(item._id)} state={{ className: item.className }} $variant="secondary">
          FeedBack
        </Button>
      </ActionCell>
    </tr>
  );
}
