import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useParams } from '@sportify/shared-ui/router';
import styled from 'styled-components';
import {
  Button,
  notify,
  PageHeading,
  selectUser,
  Spinner,
  toCampInputValue,
  useAppSelector,
  type CampClass,
} from '@sportify/shared-ui';
import { ClassForm, toFormValues, type ClassInput } from '../classForm';
import { useClassesMineQuery, useClassesUpdateMutation } from '@sportify/shared-ui/endpoints/classes';
import type { ClassChanges } from './updateClassApi';
import { routes } from '@sportify/platform/routes';

const Notes = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 760px;
  margin: 0 auto ${({ theme }) => theme.space(6)};
  text-align: center;
  p {
    margin: 0;
  }
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;
const ErrorLine = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

// Announced politely after a save, so screen-reader users hear that the class is back in review.
const Saved = styled.p`
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.accent};
`;

// The form's seats field is the class's capacity (seats in all): the seats left follow from it on the server.
// The start date is shown in the camp's local time, as the form enters it.
/** A class as the API answers it, with its optional age range. */
type AgedClass = CampClass & { minAge?: number | null; maxAge?: number | null };

const formValuesOf = (item: AgedClass) =>
  toFormValues({ ...item, seats: item.capacity, startDate: toCampInputValue(item.startDate) || undefined });

/** What the instructor changed against the class as loaded; unchanged fields are not sent, so none is reset. */
function changesOf(item: AgedClass, input: ClassInput): ClassChanges {
  const changes: ClassChanges = {};
  if (input.className !== item.className) changes.className = input.className;
  if (input.pictureId) changes.pictureId = input.pictureId;
  else if (input.classImage !== undefined && input.classImage !== item.classImage)
    changes.classImage = input.classImage;
  if (input.seats !== item.capacity) changes.capacity = input.seats;
  if (input.price !== item.price) changes.price = input.price;
  // An emptied field removes the date (or the sessions) with null.
  const startDate = toCampInputValue(item.startDate);
  if ((input.startDate ?? '') !== startDate) changes.startDate = input.startDate ?? null;
  if (input.sessions !== item.sessions) changes.sessions = input.sessions ?? null;
  if ((input.minAge ?? null) !== (item.minAge ?? null)) changes.minAge = input.minAge ?? null;
  if ((input.maxAge ?? null) !== (item.maxAge ?? null)) changes.maxAge = input.maxAge ?? null;
  // The plan is both fields or neither: an emptied plan is removed with null.
  if (
    (input.deposit ?? null) !== (item.deposit ?? null) ||
    (input.installments ?? null) !== (item.installments ?? null)
  ) {
    changes.deposit = input.deposit ?? null;
    changes.installments = input.installments ?? null;
  }
  return changes;
}

/** Update class: a real form (docs/product.md §A9), prefilled from the class. */
export function UpdateClassPage() {
  const { id = '' } = useParams();
  const email = useAppSelector(selectUser)?.email;
  const {
    data: item,
    isLoading,
    isError,
    isFetching,
    refetch,
  } = useClassesMineQuery(email && id ? { email } : skipToken, {
    // The API has no GET of a single class: it is picked from the instructor's own classes (undefined when the id is
    // not one of theirs).
    selectFromResult: ({ data, isLoading, isError, isFetching }) => ({
      data: (Array.isArray(data) ? data : data?.items)?.find((each) => each._id === id),
      isLoading,
      isError,
      isFetching,
    }),
  });
  const [updateClass] = useClassesUpdateMutation();
  const [outcome, setOutcome] = useState<'saved' | 'unchanged' | null>(null);

  const save = async (input: ClassInput) => {
    setOutcome(null);
    const changes = item ? changesOf(item, input) : {};
    // Saving the same values would still send an approved class back to review; spare the instructor that.
    if (Object.keys(changes).length === 0) {
      setOutcome('unchanged');
      return;
    }
    await updateClass({ id, updateClassDto: changes }).unwrap();
    setOutcome('saved');
    notify.notice('Your work has been saved');
  };

  return (
    <section aria-labelledby="update-class-heading">
      <PageHeading id="update-class-heading">Update Class</PageHeading>
      {isLoading && <Spinner label="Loading the class" />}
      {isError && (
        <Notes>
          <ErrorLine role="alert">The class could not be loaded.</ErrorLine>
          <Button type="button" onClick={refetch} disabled={isFetching}>
            Retry
          </Button>
        </Notes>
      )}
      {!isLoading && !isError && email && !item && (
        <Notes>
          <p>This class is not one of your classes, or it no longer exists.</p>
          <Button as={Link} to={routes.myClasses} $variant="secondary">
            Back to My Classes
          </Button>
        </Notes>
      )}
      {item && (
        <>
          <Notes>
            <p>
              Current status: <strong>{item.status}</strong>
            </p>
            <p>
              {item.enrolled} {item.enrolled === 1 ? 'student' : 'students'} enrolled, {item.seats} available{' '}
              {item.seats === 1 ? 'seat' : 'seats'}.
            </p>
            <Hint>
              Total seats count the enrolled students too: available seats are what is left of them. Saving a change
              sends the class back to the admins for review.
            </Hint>
            <div role="status">
              {outcome === 'saved' && <Saved>Your changes are saved. The class is pending review again.</Saved>}
              {outcome === 'unchanged' && <p>Nothing changed, so there was nothing to save.</p>}
            </div>
          </Notes>
          <ClassForm
            key={item._id}
            initialValues={formValuesOf(item)}
            instructorName={item.instructorName}
            instructorEmail={item.instructorEmail}
            submitLabel="Save Changes"
            seatsLabel="Total seats"
            onSubmit={save}
          />
        </>
      )}
    </section>
  );
}
