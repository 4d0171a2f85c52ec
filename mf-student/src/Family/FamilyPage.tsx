import { useState } from 'react';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  ErrorText,
  ListState,
  notify,
  PageHeading,
  saveFile,
  Spinner,
} from '@sportify/shared-ui';
import { ConfirmDialog } from '@sportify/shared-ui/dialog';
import { CardList, ListCard } from '../common/CardList';
import { StudentsOnly } from '../common/States';
import { useStudent } from '../common/useStudent';
import { CamperForm } from './CamperForm';
import { Pickups } from './Pickups';
import { TodayAtCamp } from './TodayAtCamp';
import { camperChanges, EMPTY_CAMPER, toCamperForm, toCamperInput, type CamperFormValues } from './camperRules';
import {
  useCampersCreateMutation,
  useCampersExportDataMutation,
  useCampersListQuery,
  useCampersRemoveMutation,
  useCampersUpdateMutation,
} from '@sportify/shared-ui/endpoints/campers';
import type { Camper } from './familyApi';

/** My Family: the account's campers (children), each with age, notes and an emergency contact. */
export function FamilyPage() {
  const student = useStudent();
  return (
    <section aria-labelledby="family-heading">
      <PageHeading id="family-heading">My Family</PageHeading>
      {student.kind === 'loading' && <Spinner label="Loading your family" />}
      {student.kind === 'notStudent' && <StudentsOnly />}
      {student.kind === 'student' && <Family />}
    </section>
  );
}

/** Which form is open: none, a new camper, or one camper's edit. */
type Editing = null | 'new' | Camper;

function Family() {
  const query = useCampersListQuery();
  const [addCamper] = useCampersCreateMutation();
  const [updateCamper] = useCampersUpdateMutation();
  const [removeCamper, { isLoading: removing }] = useCampersRemoveMutation();
  const [exportFamily, { isLoading: exporting }] = useCampersExportDataMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toRemove, setToRemove] = useState<Camper | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async (values: CamperFormValues) => {
    const input = toCamperInput(values);
    if (editing === 'new') {
      await addCamper(input).unwrap();
      void notify.notice('Camper added');
    } else if (editing) {
      const changes = camperChanges(editing, input);
      if (Object.keys(changes).length) await updateCamper({ id: editing._id, updateCamperDto: changes }).unwrap();
      void notify.notice('Camper updated');
    }
    setEditing(null);
  };

  const confirmRemove = async () => {
    const camper = toRemove;
    setToRemove(null);
    if (!camper) return;
    setRefusal(null);
    try {
      await removeCamper(camper._id).unwrap();
      void notify.notice(`${camper.name} is removed`);
    } catch (error) {
      // e.g. 409 '{name} is enrolled in {className}; cancel that enrolment first'
      setRefusal(apiErrorMessage(error, `${camper.name} could not be removed. Please try again.`));
    }
  };

  const download = async () => {
    try {
      const data = await exportFamily().unwrap();
      saveFile('family-data.json', 'application/json', JSON.stringify(data, null, 2));
    } catch (error) {
      void notify.error(apiErrorMessage(error, "Your family's data could not be downloaded. Please try again."));
    }
  };

  return (
    <>
      <Toolbar>
        <Button type="button" onClick={() => setEditing('new')} disabled={editing === 'new'}>
          Add a camper
        </Button>
        <Button type="button" $variant="secondary" onClick={() => void download()} disabled={exporting}>
          Download my family&apos;s data
        </Button>
      </Toolbar>
      {editing && (
        <CamperForm
          key={editing === 'new' ? 'new' : editing._id}
          title={editing === 'new' ? 'Add a camper' : `Edit ${editing.name}`}
          initialValues={editing === 'new' ? EMPTY_CAMPER : toCamperForm(editing)}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {refusal && <Refusal role="alert">{refusal}</Refusal>}
      <TodayAtCamp />
      <ListState
        query={query}
        loadingLabel="Loading your family"
        errorText={(error) => apiErrorMessage(error, 'Your family could not be loaded.')}
        emptyText="No campers yet. Add your children to choose who each class is for."
      >
        {(campers) => (
          <CardList aria-label="Campers">
            {campers.map((camper) => (
              <li key={camper._id}>
                <CamperCard aria-labelledby={`camper-${camper._id}`}>
                  <h2 id={`camper-${camper._id}`}>{camper.name}</h2>
                  <p>Age {camper.age}</p>
                  <p>{camper.notes ? `Notes: ${camper.notes}` : 'No allergies or medical notes'}</p>
                  <p>
                    Emergency contact: {camper.emergencyContact}, {camper.emergencyPhone}
                  </p>
                  <Actions>
                    <Button
                      type="button"
                      $variant="secondary"
                      aria-label={`Edit ${camper.name}`}
                      onClick={() => setEditing(camper)}
                    >
                      Edit
                    </Button>
                    <Button
                      type="button"
                      $variant="danger"
                      aria-label={`Remove ${camper.name}`}
                      disabled={removing}
                      onClick={() => setToRemove(camper)}
                    >
                      Remove
                    </Button>
                  </Actions>
                  <Pickups camper={camper} />
                </CamperCard>
              </li>
            ))}
          </CardList>
        )}
      </ListState>
      <ConfirmDialog
        open={toRemove !== null}
        title={`Remove ${toRemove?.name ?? ''}?`}
        text="Their details are deleted. Payment and attendance records keep their name only."
        confirmLabel="Yes, remove"
        cancelLabel="Cancel"
        tone="danger"
        onConfirm={() => void confirmRemove()}
        onCancel={() => setToRemove(null)}
      />
    </>
  );
}

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Refusal = styled(ErrorText)`
  max-width: 760px;
  margin: 0 auto ${({ theme }) => theme.space(4)};
  text-align: center;
`;

const CamperCard = styled(ListCard).attrs({ $gap: 1 })`
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(2)};
`;
