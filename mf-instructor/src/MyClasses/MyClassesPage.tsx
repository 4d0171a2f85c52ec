import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import {
  Button,
  ChoiceSelect,
  FilterBar,
  PageHeading,
  selectUser,
  ClassStarts,
  useAppSelector,
  useUrlQuery,
  type ClassStatus,
} from '@sportify/shared-ui';
import { ActionCell, CellDetail, DASHBOARD_STACK_BELOW, MainCell, PagedTable } from '@sportify/shared-ui/tables';
import { useClassesMineQuery } from '@sportify/shared-ui/endpoints/classes';
import { paged } from '@sportify/shared-ui/endpoints/paged';
import { useWaitlistCounts } from '@sportify/shared-ui/endpoints/waitlist';
import { myClassesArgs } from './myClassesArgs';
import { PictureCell } from './PictureCell';
import { ageLabel } from '@sportify/platform/ages';
import { routes } from '@sportify/platform/routes';

const STATUS_CHOICES: Record<ClassStatus | '', string> = {
  '': 'All statuses',
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
};

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;
const RosterLink = styled(Link)`
  display: inline-block;
  margin-top: ${({ theme }) => theme.space(1)};
  font-weight: 600;
`;
const FeedbackText = styled.td`
  max-width: 320px;
  white-space: pre-wrap;
`;
const Capitalized = styled.td`
  text-transform: capitalize;
`;

/**
 * My Classes (docs/product.md §2): the instructor's classes with review status, enrolled students and feedback; a status
 * filter and pages, kept in the URL.
 */
export function MyClassesPage() {
  const email = useAppSelector(selectUser)?.email;
  const url = useUrlQuery();
  const status = (url.get('status') in STATUS_CHOICES ? url.get('status') : '') as ClassStatus | '';
  const args = email ? myClassesArgs({ email, status: status || undefined, page: url.page }) : skipToken;
  // While a picture is being imported the list is read again every few seconds, so it shows up (or its failure) as
  // soon as the import ends. The same cached list, read twice: once to know, once to show.
  const { importing } = useClassesMineQuery(args, {
    selectFromResult: ({ data }) => ({
      importing: !!data && 'items' in data && data.items.some((item) => item.picture?.status === 'pending'),
    }),
  });
  const query = paged(useClassesMineQuery(args, { pollingInterval: importing ? 3000 : 0 }));
  const waiting = useWaitlistCounts(query.data?.items);

  return (
    <section aria-labelledby="my-classes-heading">
      <PageHeading id="my-classes-heading">My Classes</PageHeading>
      <FilterBar $min="200px" aria-label="Filter your classes">
        <ChoiceSelect
          label="Status"
          choices={STATUS_CHOICES}
          value={status}
          onChange={(next) => url.set({ status: next })}
        />
      </FilterBar>
      <PagedTable
        query={query}
        noun="classes"
        pagesLabel="My classes pages"
        loadingLabel="Loading your classes"
        errorText="Your classes could not be loaded."
        emptyText={status ? `You have no ${status} classes.` : 'You have not added any classes yet.'}
        emptyAction={
          status ? undefined : (
            <Button as={Link} to={routes.addClass}>
              Add A Class
            </Button>
          )
        }
        labelledBy="my-classes-heading"
        stackBelow={DASHBOARD_STACK_BELOW}
        columns={['#', 'Class Photo', 'Class Name', 'Status', 'Enrolled', 'Update', 'Feedback']}
        row={(item, number) => (
          <tr key={item._id}>
            <td data-label="#">{number}</td>
            <td data-label="Class Photo">
              <PictureCell item={item} />
            </td>
            <MainCell label="Class Name" name={item.className}>
              {item.startDate && (
                <CellDetail>
                  <ClassStarts iso={item.startDate} />
                </CellDetail>
              )}
              {ageLabel(item) && <CellDetail>{ageLabel(item)}</CellDetail>}
            </MainCell>
            <Capitalized data-label="Status">{item.status}</Capitalized>
            {/* The waitlist sits under the students enrolled, so the columns stay as they are (docs/product.md §4). */}
            <td data-label="Enrolled">
              {`${item.enrolled ?? 0} Students`}
              {(waiting?.[item._id] ?? 0) > 0 && <CellDetail>{`${waiting?.[item._id]} waiting`}</CellDetail>}
              {/* The roster sits with the students it lists, so the spec's columns stay as they are. */}
              <RosterLink to={routes.roster(item._id)} aria-label={`Roster of ${item.className}`}>
                Roster
              </RosterLink>
            </td>
            <ActionCell label="Update">
              <Button
                as={Link}
                to={routes.updateClass(item._id)}
                $variant="secondary"
                aria-label={`Update ${item.className}`}
              >
                Update
              </Button>
            </ActionCell>
            <FeedbackText data-label="Feedback">
              {item.feedback ? <span>{item.feedback}</span> : <Muted>No feedback yet</Muted>}
            </FeedbackText>
          </tr>
        )}
      />
    </section>
  );
}
