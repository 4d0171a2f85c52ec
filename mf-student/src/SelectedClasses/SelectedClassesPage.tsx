import { useState } from 'react';
import { Link } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  ListState,
  PageHeading,
  Spinner,
  notify,
  UrlPagination,
  useUrlQuery,
  type SelectedClass,
} from '@sportify/shared-ui';
import { ActionCell, CellDetail, DASHBOARD_STACK_BELOW, MainCell, DataTable } from '@sportify/shared-ui/tables';
import { PageCount, studentListArgs } from '../common/ListPages';
import { ConfirmDialog } from '@sportify/shared-ui/dialog';
import { BrowseClasses, StudentsOnly } from '../common/States';
import { useStudent } from '../common/useStudent';
import { forSuffix, type ForWhom } from '../common/forWhom';
import { paged } from '@sportify/shared-ui/endpoints/paged';
import { useSelectionsListQuery, useSelectionsRemoveMutation } from '@sportify/shared-ui/endpoints/selections';
import { useWaitlistLeaveMutation } from '@sportify/shared-ui/endpoints/waitlist';
import { routes } from '@sportify/platform/routes';

// The end of a hold, in the user's locale, e.g. "November 22, 2026 at 9:05 AM".
const heldUntil = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

const Held = styled(CellDetail)`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

const Seats = styled.td<{ $full: boolean }>`
  color: ${({ theme, $full }) => ($full ? theme.colors.danger : 'inherit')};
  font-weight: ${({ $full }) => ($full ? 600 : 'inherit')};
`;

/** My Selected Classes (docs/product.md §2): the signed-in student's selections, each with Pay and Delete. */
export function SelectedClassesPage() {
  const student = useStudent();
  return (
    <section aria-labelledby="selected-heading">
      <PageHeading id="selected-heading">My Selected Classes</PageHeading>
      {student.kind === 'loading' && <Spinner label="Loading your selected classes" />}
      {student.kind === 'notStudent' && <StudentsOnly />}
      {student.kind === 'student' && <SelectedClassesList email={student.email} />}
    </section>
  );
}

function SelectedClassesList({ email }: { email: string }) {
  const { page } = useUrlQuery();
  const query = paged(useSelectionsListQuery(studentListArgs({ email, page })));
  const { data } = query;
  const first = data ? (data.page - 1) * data.limit : 0;
  const [deleteSelected, { isLoading: deleting }] = useSelectionsRemoveMutation();
  const [declineHeld, { isLoading: declining }] = useWaitlistLeaveMutation();
  const [toDelete, setToDelete] = useState<(SelectedClass & ForWhom) | null>(null);
  const [removed, setRemoved] = useState(false);

  const confirmDelete = async () => {
    const item = toDelete;
    setToDelete(null);
    if (!item) return;
    try {
      // A held seat is declined, so it goes to the next student waiting at once.
      await (
        item.heldUntil
          ? declineHeld({ classId: item.classId, ...(item.camperId ? { camperId: item.camperId } : {}) })
          : deleteSelected(item._id)
      ).unwrap();
      setRemoved(true);
    } catch (err) {
      notify.error(apiErrorMessage(err, `${item.className} could not be removed. Please try again.`));
    }
  };

  return (
    <>
      <PageCount data={data} noun="selected classes" />
      <ListState
        query={{ ...query, data: data?.items }}
        loadingLabel="Loading your selected classes"
        errorText={(error) => apiErrorMessage(error, 'Your selected classes could not be loaded.')}
        emptyText="You have not selected any classes yet."
        emptyAction={<BrowseClasses />}
      >
        {(selections) => (
          <DataTable
            labelledBy="selected-heading"
            stackBelow={DASHBOARD_STACK_BELOW}
            columns={['#', 'Class Name', 'Instructor Name', 'Available Seats', 'Pay', 'Delete']}
          >
            {selections.map((item: SelectedClass & ForWhom, index) => (
              <tr key={item._id}>
                <td data-label="#">{first + index + 1}</td>
                <MainCell label="Class Name" name={item.className}>
                  {item.camperName && <CellDetail $strong>For {item.camperName}</CellDetail>}
                  {item.heldUntil && (
                    <Held>
                      Held for you until{' '}
                      <time dateTime={item.heldUntil}>{heldUntil.format(new Date(item.heldUntil))}</time>
                    </Held>
                  )}
                </MainCell>
                <td data-label="Instructor Name">{item.instructorName}</td>
                <Seats data-label="Available Seats" $full={item.seats <= 0}>
                  {item.seats}
                </Seats>
                <ActionCell label="Pay">
                  {/* The visible word stays 'Pay'; the row's class name tells screen-reader users which one. */}
                  <Button
                    as={Link}
                    to={routes.payment(item._id)}
                    aria-label={`Pay for ${item.className}${forSuffix(item)}`}
                  >
                    Pay
                  </Button>
                </ActionCell>
                <ActionCell label="Delete">
                  <Button
                    type="button"
                    $variant="danger"
                    disabled={deleting || declining}
                    aria-label={`Delete ${item.className}${forSuffix(item)}`}
                    onClick={() => setToDelete(item)}
                  >
                    Delete
                  </Button>
                </ActionCell>
              </tr>
            ))}
          </DataTable>
        )}
      </ListState>
      <UrlPagination data={data} label="Selected classes pages" />
      <ConfirmDialog
        open={toDelete !== null}
        title="Are you sure?"
        text="Remove it from selected items"
        confirmLabel="Yes, remove it!"
        cancelLabel="Cancel"
        tone="danger"
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={removed}
        title="Removed!"
        text="Your class has been removed."
        confirmLabel="OK"
        onConfirm={() => setRemoved(false)}
      />
    </>
  );
}
